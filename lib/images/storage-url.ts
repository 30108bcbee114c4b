/**
 * STORAGE_URL, which names the S3 bucket of image bytes (lib/images/object-store.ts):
 * `s3://[ACCESS_KEY:SECRET@]bucket[/prefix]?endpoint=https://...&region=...&path_style=true`.
 * Read by lib/env.ts at start, so a misconfigured server refuses to start rather than losing uploads.
 */
export type StorageLocation = {
  bucket: string;
  prefix: string;
  region: string;
  endpoint: string | undefined;
  pathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** STORAGE_URL read; throws with what is wrong, so a misconfigured server refuses to start rather than losing uploads. */
export function parseStorageUrl(value: string): StorageLocation {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("STORAGE_URL must be a URL such as s3://bucket/prefix?region=eu-west-1");
  }
  if (url.protocol !== "s3:") throw new Error("STORAGE_URL must start with s3:// (S3 or an S3-compatible service)");
  if (!url.hostname) throw new Error("STORAGE_URL names no bucket (s3://bucket/...)");
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error("STORAGE_URL's endpoint must be an http(s) URL");
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  return {
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ""),
    region: url.searchParams.get("region") ?? "us-east-1",
    endpoint,
    pathStyle: ["1", "true"].includes(url.searchParams.get("path_style") ?? ""),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
