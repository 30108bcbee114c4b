import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { parseStorageUrl } from "../../lib/images/storage-url";
import { expect, test } from "../support/api";
import { gradientPng } from "../support/catalog";

/**
 * The PostgreSQL pass stores image bytes in a local S3-compatible stand-in
 * (e2e/scripts/test.sh, STORAGE_URL), the PGlite pass in the database; the
 * image specs run on both. Here, on the object store only: an upload's bytes
 * are the bucket's object under its cdn_image_id, and deleting the image
 * removes the object.
 */
const storageUrl = process.env.TEST_STORAGE_URL;

test.describe("image bytes in S3-compatible storage", () => {
  test.skip(!storageUrl, "this pass stores image bytes in the database (STORAGE_URL unset)");

  async function objectBytes(key: string): Promise<Buffer | null> {
    const location = parseStorageUrl(storageUrl!);
    const client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.pathStyle,
      credentials: location.credentials,
    });
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: `${location.prefix}/${key}` }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if ((error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    } finally {
      client.destroy();
    }
  }

  test("an upload is the bucket's object, served at its URL, and deleting the image removes it", async ({ seller, anonymous, shopId }) => {
    const bytes = gradientPng(9, 5, [1, 90, 200], [250, 10, 10]);
    const uploaded = await seller.post(`/v1/shops/${shopId}/images`, {
      multipart: { image: { name: "stored.png", mimeType: "image/png", buffer: bytes } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const image = (await uploaded.json()) as { id: number; cdn_image_id: string; image_url: string };
    expect(Buffer.compare((await objectBytes(image.cdn_image_id))!, bytes)).toBe(0);

    const served = await anonymous.get(new URL(image.image_url).pathname);
    expect(served.status()).toBe(200);
    expect(Buffer.compare(await served.body(), bytes)).toBe(0);

    expect((await seller.delete(`/v1/shops/${shopId}/images/${image.id}`)).status()).toBe(200);
    expect(await objectBytes(image.cdn_image_id)).toBeNull();
    expect((await anonymous.get(new URL(image.image_url).pathname)).status()).toBe(404);
  });
});
