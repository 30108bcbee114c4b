import { nullableText, requiredText } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";

export const THEME_TYPES = ["private", "public"] as const;
export const THEME_NAME_MAX = 255;
export const THEME_DESCRIPTION_MAX = 5000;

/** A theme template is the storefront's settings object; a JSON body of 1 MiB bounds its size. */
const template = z.record(z.string(), z.unknown()).nullish();

/** POST /v1/shops/{shopId}/themes */
export const createThemeSchema = z.object({
  name: requiredText(THEME_NAME_MAX),
  description: nullableText(THEME_DESCRIPTION_MAX),
  template,
});
export type CreateThemeInput = z.output<typeof createThemeSchema>;

/** PUT /v1/shops/{shopId}/themes/{themeId}: absent or null `name` keeps the current one. */
export const updateThemeSchema = z.object({
  name: requiredText(THEME_NAME_MAX).nullish(),
  description: nullableText(THEME_DESCRIPTION_MAX),
  type: z.enum(THEME_TYPES).optional(),
  image_id: recordId().nullish(),
});
export type UpdateThemeInput = z.output<typeof updateThemeSchema>;

// ---------------------------------------------------------------- responses

/** The spec's Theme, as a shop shows its active one. */
export const themeView = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string(),
    version: z.string(),
    official_theme: z.object({ id: z.string(), name: z.string(), changelog: z.array(z.string()), price: z.number() }),
  })
  .meta({ id: "Theme" });
export type ThemeView = z.output<typeof themeView>;

/** The theme routes add what update sets: `type` and the image. */
export const themeRecordView = themeView
  .extend({
    type: z.string().describe(`One of ${THEME_TYPES.join(", ")}.`),
    image_id: z.int().nullable(),
    image_url: z.string().nullable(),
  })
  .meta({ id: "ThemeRecord" });
export type ThemeRecordView = z.output<typeof themeRecordView>;
