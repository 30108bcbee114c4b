import { expect, expectValidationError, test } from "../support/api";
import { gradientPng } from "../support/catalog";

/**
 * A shop's images are held to a storage quota (IMAGE_QUOTA_MB, which
 * e2e/scripts/test.sh sets to 24: images.spec stores one image at the 20 MB
 * limit) and to IMAGE_UPLOADS_PER_HOUR uploads an hour (300 by default, 60
 * in the suite; lib/images/upload.ts). Both run on the other seller's shop,
 * where no other spec uploads: reaching the hourly limit closes its uploads
 * for the rest of the hour. Serial: the quota test must find uploads still
 * open. Uploads are a few MB, not 20: on PGlite a large write holds the
 * server's thread, and other specs' requests wait behind it.
 */
test.describe.configure({ mode: "serial" });

const QUOTA_MB = Number(process.env.IMAGE_QUOTA_MB);
const UPLOADS_PER_HOUR = Number(process.env.IMAGE_UPLOADS_PER_HOUR);
const BIG = 6 * 1024 * 1024;

function pngOfSize(size: number): Buffer {
  const png = gradientPng(4, 4, [1, 2, 3], [4, 5, 6]);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

test("past the storage quota an upload is 422 on image; deleting images frees room", async ({ otherSeller: seller, foreignShopId }) => {
  test.setTimeout(180_000);
  expect(QUOTA_MB, "IMAGE_QUOTA_MB is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  const url = `/v1/shops/${foreignShopId}/images`;
  const stored: number[] = [];
  try {
    let refusal = null;
    for (let upload = 0; upload <= Math.ceil((QUOTA_MB * 1024 * 1024) / BIG) && !refusal; upload++) {
      const response = await seller.post(url, { multipart: { image: { name: "big.png", mimeType: "image/png", buffer: pngOfSize(BIG) } } });
      if (response.status() === 201) stored.push((await response.json()).id);
      else refusal = response;
    }
    expect(refusal, "an upload past the quota is refused").not.toBeNull();
    await expectValidationError(refusal!, "image");
    expect((await refusal!.json()).errors.image[0]).toBe(
      `The shop's images may hold ${QUOTA_MB} MB together; delete some before uploading more.`,
    );
  } finally {
    for (const id of stored.splice(0)) expect((await seller.delete(`${url}/${id}`)).status()).toBe(200);
  }
  const again = await seller.post(url, { multipart: { image: { name: "big.png", mimeType: "image/png", buffer: pngOfSize(BIG) } } });
  expect(again.status(), await again.text()).toBe(201);
  await seller.delete(`${url}/${(await again.json()).id}`);
});

test("past IMAGE_UPLOADS_PER_HOUR uploads an hour a shop's upload is 429 with Retry-After", async ({
  otherSeller: seller,
  foreignShopId,
}) => {
  test.setTimeout(180_000);
  expect(UPLOADS_PER_HOUR, "IMAGE_UPLOADS_PER_HOUR is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  const url = `/v1/shops/${foreignShopId}/images`;
  const small = gradientPng(2, 2, [1, 2, 3], [4, 5, 6]);
  let refused = null;
  for (let upload = 0; upload <= UPLOADS_PER_HOUR && !refused; upload++) {
    const response = await seller.post(url, { multipart: { image: { name: "dot.png", mimeType: "image/png", buffer: small } } });
    if (response.status() === 429) refused = response;
    else {
      expect(response.status(), await response.text()).toBe(201);
      await seller.delete(`${url}/${(await response.json()).id}`);
    }
  }
  expect(refused, `the hourly limit is reached within ${UPLOADS_PER_HOUR + 1} uploads`).not.toBeNull();
  expect(await refused!.json()).toEqual({ message: "Too Many Attempts." });
  expect(Number(refused!.headers()["retry-after"])).toBeGreaterThan(0);
});
