import * as z from "../validation/zod";
import { timestamp } from "../api/schemas";

/** The spec's Image, plus `image_url` where the bytes are served. */
export const imageView = z
  .object({
    id: z.int(),
    cdn_image_id: z.string(),
    image_url: z.string().nullable(),
    shop_id: z.int(),
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: timestamp.nullable(),
  })
  .meta({ id: "Image" });
export type ImageView = z.output<typeof imageView>;
