import { expect, test } from "vitest";
import { parseStorageUrl } from "../../lib/images/storage-url";

/** STORAGE_URL, which lib/env.ts checks at start: what it names, and what it refuses. */
test("a bucket of AWS S3, with a prefix and a region; credentials from the SDK's chain", () => {
  expect(parseStorageUrl("s3://shop-images/prod/cdn/?region=eu-west-1")).toEqual({
    bucket: "shop-images",
    prefix: "prod/cdn",
    region: "eu-west-1",
    endpoint: undefined,
    pathStyle: false,
    credentials: undefined,
  });
});

test("an S3-compatible service: endpoint, path-style addressing and credentials in the URL (escaped)", () => {
  expect(parseStorageUrl("s3://KEY:se%2Fcret@images?endpoint=http://127.0.0.1:9000&path_style=true")).toEqual({
    bucket: "images",
    prefix: "",
    region: "us-east-1",
    endpoint: "http://127.0.0.1:9000",
    pathStyle: true,
    credentials: { accessKeyId: "KEY", secretAccessKey: "se/cret" },
  });
});

test("anything else is refused with what is wrong", () => {
  expect(() => parseStorageUrl("not a url")).toThrow(/must be a URL/);
  expect(() => parseStorageUrl("https://bucket.s3.amazonaws.com")).toThrow(/s3:\/\//);
  expect(() => parseStorageUrl("s3://bucket?endpoint=ftp://host")).toThrow(/endpoint must be an http/);
});
