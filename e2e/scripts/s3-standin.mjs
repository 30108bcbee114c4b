// A local S3-compatible server (s3rver) where the PostgreSQL pass's STORAGE_URL points (e2e/scripts/test.sh):
// the image tests run on object storage there and on the database's bytes in the PGlite pass.
// Usage: node e2e/scripts/s3-standin.mjs <port> <directory> <bucket>; prints "ready" once it listens.
import S3rver from "s3rver";

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({ port: Number(port), address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
await server.run();
console.log("ready");
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
