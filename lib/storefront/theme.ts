import * as z from "../validation/zod";

/**
 * The storefront's look: an official theme's preset, overridden by the
 * settings a shop's theme stores in its `template` (the spec's theme
 * routes). Every value a seller writes is checked against a closed set or a
 * `#rrggbb` colour before it becomes a CSS variable, so theme settings can
 * never carry CSS (or anything else) of their own. No seller CSS, no seller
 * JavaScript.
 */

export const THEME_PRESETS = ["classic", "midnight", "bold"] as const;
export const THEME_FONTS = ["system", "serif", "rounded", "mono"] as const;
export const THEME_RADII = ["none", "small", "large"] as const;
export const HOME_LAYOUTS = ["grid", "list"] as const;

/** A value that does not fit is dropped (the preset's stands), so one bad setting never discards the rest. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const colour = lenient(z.string().regex(/^#[0-9a-fA-F]{6}$/, "A colour is #rrggbb."));

/** What a theme's `template` may hold; unknown keys are ignored. */
export const themeTemplateSchema = z.object({
  preset: lenient(z.enum(THEME_PRESETS)),
  colors: lenient(z.object({ primary: colour, background: colour, surface: colour, text: colour })),
  radius: lenient(z.enum(THEME_RADII)),
  font: lenient(z.enum(THEME_FONTS)),
  layout: lenient(z.enum(HOME_LAYOUTS)),
});

export type ThemeSettings = {
  preset: (typeof THEME_PRESETS)[number];
  colors: { primary: string; background: string; surface: string; text: string };
  radius: (typeof THEME_RADII)[number];
  font: (typeof THEME_FONTS)[number];
  layout: (typeof HOME_LAYOUTS)[number];
};

export const OFFICIAL_THEMES: Record<ThemeSettings["preset"], ThemeSettings> = {
  classic: {
    preset: "classic",
    colors: { primary: "#2563eb", background: "#f8fafc", surface: "#ffffff", text: "#0f172a" },
    radius: "small",
    font: "system",
    layout: "grid",
  },
  midnight: {
    preset: "midnight",
    colors: { primary: "#a78bfa", background: "#0b1020", surface: "#151b2e", text: "#e2e8f0" },
    radius: "large",
    font: "rounded",
    layout: "grid",
  },
  bold: {
    preset: "bold",
    colors: { primary: "#dc2626", background: "#fffbeb", surface: "#ffffff", text: "#1c1917" },
    radius: "none",
    font: "serif",
    layout: "list",
  },
};

/** A shop's theme settings: its active theme's template over the preset it names (classic when none). */
export function themeSettingsOf(theme: { template: unknown } | null): ThemeSettings {
  const parsed = themeTemplateSchema.safeParse(theme?.template ?? {});
  const template = parsed.success ? parsed.data : {};
  const base = OFFICIAL_THEMES[template.preset ?? "classic"];
  const colors = Object.fromEntries(Object.entries(template.colors ?? {}).filter(([, hex]) => hex !== undefined));
  return {
    preset: base.preset,
    colors: { ...base.colors, ...colors },
    radius: template.radius ?? base.radius,
    font: template.font ?? base.font,
    layout: template.layout ?? base.layout,
  };
}

const FONT_STACKS: Record<ThemeSettings["font"], string> = {
  system: "ui-sans-serif, system-ui, sans-serif",
  serif: "ui-serif, Georgia, Cambria, serif",
  rounded: "ui-rounded, 'SF Pro Rounded', system-ui, sans-serif",
  mono: "ui-monospace, SFMono-Regular, Menlo, monospace",
};
const RADII: Record<ThemeSettings["radius"], string> = { none: "0px", small: "0.5rem", large: "1.25rem" };

/** The theme as CSS custom properties (values from the closed sets above only). */
export function themeCssVariables(theme: ThemeSettings): Record<string, string> {
  return {
    "--sf-primary": theme.colors.primary,
    "--sf-on-primary": readableOn(theme.colors.primary),
    "--sf-background": theme.colors.background,
    "--sf-surface": theme.colors.surface,
    "--sf-text": theme.colors.text,
    "--sf-radius": RADII[theme.radius],
    "--sf-font": FONT_STACKS[theme.font],
  };
}

/** Black or white, whichever reads better on this colour (WCAG relative luminance). */
export function readableOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? "#ffffff" : "#000000";
}
