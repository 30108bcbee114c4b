// Runs one SQL statement as the PostgreSQL admin: `node e2e/scripts/pg-admin.mjs URL -c "SQL"`.
// Used by the test and bench scripts to create and drop their own databases.
import pg from "pg";

const [url, flag, sql] = process.argv.slice(2);
if (!url || flag !== "-c" || !sql) {
  console.error("usage: pg-admin.mjs URL -c SQL");
  process.exit(2);
}
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  const result = await client.query(sql);
  if (result.rows?.length) console.log(JSON.stringify(result.rows));
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
