import { integer } from "../validation/fields";
import { recordId, requiredText, z } from "../catalog/fields";

export const GROUP_VISIBILITIES = ["public", "private"] as const;
export const GROUP_NAME_MAX = 255;

/**
 * POST /v1/shops/{shopId}/groups. `products` (element type not stated by the
 * spec) is a list of product ids of the shop (or `{id}` objects) that move
 * into the group.
 */
export const createGroupSchema = z.object({
  name: requiredText(GROUP_NAME_MAX),
  image_id: recordId().nullish(),
  visibility: z.enum(GROUP_VISIBILITIES).optional(),
  sort_priority: integer({ min: 0, max: 1_000_000 }).optional(),
  products: z
    .array(
      z.preprocess((value) => (value && typeof value === "object" && "id" in value ? (value as { id: unknown }).id : value), recordId()),
    )
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { message: "The products field has a duplicate value." })
    .nullish(),
});
export type CreateGroupInput = z.output<typeof createGroupSchema>;
