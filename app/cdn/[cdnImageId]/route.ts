import { db } from "@/lib/db";
import { toResponse } from "@/lib/api/respond";
import { findServedImage } from "@/lib/images/images";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves an uploaded image at its `image_url` (lib/images/url.ts). Public, like a
 * CDN. A cdn_image_id names one immutable upload: it is its own strong ETag, a
 * revalidation with it is 304, and the answer may be cached for a year.
 */
export async function GET(request: Request, context: { params: Promise<{ cdnImageId: string }> }) {
  const { cdnImageId } = await context.params;
  const etag = `"${cdnImageId}"`;
  // an object store that does not answer is a 503 with Retry-After, not a 500
  const image = await findServedImage(db(), cdnImageId).catch((error: unknown) => error as Error);
  if (image instanceof Error) return toResponse(image);
  if (!image) {
    return new Response(JSON.stringify({ message: "Image not found." }), {
      status: 404,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const cached = request.headers.get("if-none-match");
  if (cached && cached.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers: { etag, "cache-control": IMMUTABLE } });
  }
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "content-type": image.mimeType,
      "content-length": String(image.bytes.length),
      etag,
      "cache-control": IMMUTABLE,
      "x-content-type-options": "nosniff",
    },
  });
}
