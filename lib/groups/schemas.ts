import { timestamp } from "../api/schemas";
import { productView } from "../catalog/schemas";
import { blankAsNull } from "../validation/blank";
import { hexColour, integer, requiredText } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";

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
  badge_text: blankAsNull(z.string().trim().max(64)),
  badge_color: blankAsNull(hexColour()),
  products: z
    .array(
      z.preprocess((value) => (value && typeof value === "object" && "id" in value ? (value as { id: unknown }).id : value), recordId()),
    )
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { message: "The products field has a duplicate value." })
    .nullish(),
});
export type CreateGroupInput = z.output<typeof createGroupSchema>;

// ---------------------------------------------------------------- responses

/** The spec's Group without its products: what create answers. */
export const groupView = z
  .object({
    id: z.int(),
    name: z.string(),
    image_id: z.int().nullable(),
    image_url: z.string().nullable(),
    sort_priority: z.int(),
    badge_text: z.string().nullable(),
    badge_color: z.string().nullable().describe("#rrggbb"),
    visibility: z.string().describe(`One of ${GROUP_VISIBILITIES.join(", ")}.`),
    shop_id: z.int(),
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: timestamp.nullable(),
  })
  .meta({ id: "Group" });
export type GroupView = z.output<typeof groupView>;

/** A group with its live products: what list, get and update answer. */
export const groupWithProductsView = groupView
  .extend({ products: z.array(productView), products_count: z.int() })
  .meta({ id: "GroupWithProducts" });
export type GroupWithProductsView = z.output<typeof groupWithProductsView>;
