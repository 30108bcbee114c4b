import { hexColour, nullableText, requiredText } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";
import { HOME_LAYOUTS, THEME_FONTS, THEME_PRESETS, THEME_RADII } from "../storefront/theme";

export const THEME_TYPES = ["private", "public"] as const;
export const THEME_NAME_MAX = 255;
export const THEME_DESCRIPTION_MAX = 5000;

const colour = hexColour();

/**
 * What a theme's `template` may hold when written: the storefront's settings,
 * each optional (the preset, classic by default, fills the rest), every value
 * from a closed set or a colour, and no other key. Rows written before this
 * schema are read by the storefront's lenient reader (lib/storefront/theme.ts).
 */
export const themeTemplateInput = z.strictObject({
  preset: z.enum(THEME_PRESETS).optional().describe("The official theme the other settings override."),
  colors: z
    .strictObject({
      primary: colour.optional(),
      background: colour.optional(),
      surface: colour.optional(),
      text: colour.optional(),
    })
    .optional(),
  radius: z.enum(THEME_RADII).optional().describe("Corner radius of cards, buttons and images."),
  font: z.enum(THEME_FONTS).optional().describe("Font family (the visitor's system fonts only)."),
  layout: z.enum(HOME_LAYOUTS).optional().describe("How the home page lists products."),
});
export type ThemeTemplateInput = z.output<typeof themeTemplateInput>;

const template = themeTemplateInput.nullish();

/** POST /v1/shops/{shopId}/themes */
export const createThemeSchema = z.object({
  name: requiredText(THEME_NAME_MAX),
  description: nullableText(THEME_DESCRIPTION_MAX),
  template: template.describe("The storefront settings; unknown keys and values outside their sets are refused."),
});
export type CreateThemeInput = z.output<typeof createThemeSchema>;

/** PUT /v1/shops/{shopId}/themes/{themeId}: absent or null `name` keeps the current one. */
export const updateThemeSchema = z.object({
  name: requiredText(THEME_NAME_MAX).nullish(),
  description: nullableText(THEME_DESCRIPTION_MAX),
  type: z.enum(THEME_TYPES).optional(),
  image_id: recordId().nullish(),
  template: template.describe(
    "Beyond the spec: the storefront settings, as on create. Absent keeps the stored ones; null clears them (the classic preset).",
  ),
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

/** The theme editor's form: the settings update writes, each one present. */
export const themeSettingsSchema = z.object({
  template: themeTemplateInput.required({ preset: true, radius: true, font: true, layout: true }).extend({
    colors: themeTemplateInput.shape.colors.unwrap().required(),
  }),
});
export type ThemeSettingsInput = z.output<typeof themeSettingsSchema>;

const settingsView = z
  .object({
    preset: z.string().describe(`One of ${THEME_PRESETS.join(", ")}.`),
    colors: z.object({ primary: z.string(), background: z.string(), surface: z.string(), text: z.string() }),
    radius: z.string().describe(`One of ${THEME_RADII.join(", ")}.`),
    font: z.string().describe(`One of ${THEME_FONTS.join(", ")}.`),
    layout: z.string().describe(`One of ${HOME_LAYOUTS.join(", ")}.`),
  })
  .meta({ id: "ThemeSettings" });

/** The theme routes add what update sets (`type`, the image, the template) and what the storefront makes of it. */
export const themeRecordView = themeView
  .extend({
    type: z.string().describe(`One of ${THEME_TYPES.join(", ")}.`),
    image_id: z.int().nullable(),
    image_url: z.string().nullable(),
    template: z.record(z.string(), z.unknown()).nullable().describe("Beyond the spec: the stored settings, as written."),
    settings: settingsView.describe("Beyond the spec: the settings the storefront shows, the template over its preset."),
    active: z.boolean().describe("Beyond the spec: whether this is the shop's active theme (its storefront's look)."),
  })
  .meta({ id: "ThemeRecord" });
export type ThemeRecordView = z.output<typeof themeRecordView>;
