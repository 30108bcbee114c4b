import type { Image } from "../generated/prisma/client";
import type { ImageView } from "./schemas";
import { imageUrl } from "./url";

/** The spec's Image, plus `image_url` where the bytes are served. */
export function serializeImage(image: Image): ImageView {
  return {
    id: image.id,
    cdn_image_id: image.cdn_image_id,
    image_url: imageUrl(image.cdn_image_id),
    shop_id: image.shop_id,
    created_at: image.created_at.toISOString(),
    updated_at: image.updated_at.toISOString(),
    deleted_at: image.deleted_at?.toISOString() ?? null,
  };
}
