import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { ApiError } from "../api/errors";
import { env } from "../env";
import { log } from "../observability/log";
import { parseStorageUrl, type StorageLocation } from "./storage-url";

/**
 * S3-compatible object storage for image bytes, when STORAGE_URL names a
 * bucket: `s3://[ACCESS_KEY:SECRET@]bucket[/prefix]?endpoint=https://...&region=...&path_style=true`.
 * Without credentials in the URL the SDK's own chain applies
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, an instance role, ...).
 * `endpoint` and `path_style` are for S3-compatible services (MinIO, R2,
 * Spaces); without them it is AWS S3 in `region`.
 *
 * The other side may be slow or down: every call is bounded (connection
 * and request timeouts, a few attempts), and the checksums the SDK adds by
 * default are asked only where S3 requires them, which every S3-compatible
 * service understands.
 */
export type ObjectStore = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes; null when there is no such object. Each call throws 503 (ApiError) when the store fails. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;
const MAX_ATTEMPTS = 3;

/** The store did not answer, or refused: the upload or the read can be tried again later, nothing was half-written. */
const storageUnavailable = () =>
  new ApiError({ status: 503, message: "The image storage is unavailable; try again later.", headers: { "Retry-After": "30" } });

async function bounded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // the buyer or seller sees a 503; the operator sees why (the SDK's error names the bucket and status, never the secret)
    log.warn({ err: error }, "image storage call failed");
    throw storageUnavailable();
  }
}

function s3Store(location: StorageLocation): ObjectStore {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.pathStyle,
    credentials: location.credentials,
    maxAttempts: MAX_ATTEMPTS,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = location.bucket;
  const keyOf = (key: string) => (location.prefix ? `${location.prefix}/${key}` : key);
  return {
    put: (key, bytes, contentType) =>
      bounded(async () => {
        await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType }));
      }),
    get: (key) =>
      bounded(async () => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
          return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
        } catch (error) {
          if ((error as { name?: string }).name === "NoSuchKey") return null;
          throw error;
        }
      }),
    delete: (key) =>
      bounded(async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
      }),
  };
}

let configured: { url: string; store: ObjectStore } | undefined;

/** The object store STORAGE_URL names; null when image bytes live in the database (the default). */
export function objectStore(): ObjectStore | null {
  const url = env().STORAGE_URL;
  if (!url) return null;
  if (configured?.url !== url) configured = { url, store: s3Store(parseStorageUrl(url)) };
  return configured.store;
}
