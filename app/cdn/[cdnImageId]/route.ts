import { db } from "@/lib/db";
import { findServedImage } from "@/lib/images/images";
import { readImageFile } from "@/lib/images/storage";

/**
 * Serves an uploaded image at its `image_url` (lib/images/url.ts). Public, like a
 * CDN. A cdn_image_id names one immutable upload, so it may be cached for a year.
 */
export async function GET(_request: Request, context: { params: Promise<{ cdnImageId: string }> }) {
  const { cdnImageId } = await context.params;
  const image = await findServedImage(db(), cdnImageId);
  const bytes = image ? await readImageFile(image.cdn_image_id) : null;
  if (!image || !bytes) {
    return new Response(JSON.stringify({ message: "Image not found." }), {
      status: 404,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": image.mime_type,
      "content-length": String(bytes.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
