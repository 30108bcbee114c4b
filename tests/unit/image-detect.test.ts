import { expect, test } from "vitest";
import { detectImage } from "../../lib/images/detect";
import { gradientPng } from "../../lib/seed/png";

test("PNG, GIF, JPEG and WebP are recognised with their size; anything else is not", () => {
  expect(detectImage(gradientPng(7, 3, [0, 0, 0], [9, 9, 9]))).toEqual({ mimeType: "image/png", extension: "png", width: 7, height: 3 });
  const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
  expect(detectImage(gif)).toMatchObject({ mimeType: "image/gif", width: 1, height: 1 });
  // JPEG: SOI, an APP0 segment, then SOF0 with height 2 and width 3.
  const jpeg = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x02, 0x00, 0x03, 0x01, 0x01, 0x11, 0x00,
  ]);
  expect(detectImage(jpeg)).toMatchObject({ mimeType: "image/jpeg", width: 3, height: 2 });
  // WebP lossless (VP8L): 14-bit width-1 and height-1 after the 0x2f signature byte.
  const webp = Buffer.alloc(30);
  webp.write("RIFF", 0, "latin1");
  webp.writeUInt32LE(22, 4);
  webp.write("WEBPVP8L", 8, "latin1");
  webp.writeUInt32LE(5, 16);
  webp[20] = 0x2f;
  webp.writeUInt32LE((16 - 1) | ((9 - 1) << 14), 21);
  expect(detectImage(webp)).toMatchObject({ mimeType: "image/webp", width: 16, height: 9 });

  expect(detectImage(Buffer.from("not an image at all, just text"))).toBeNull();
  expect(detectImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
  expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  expect(detectImage(Buffer.alloc(0))).toBeNull();
});
