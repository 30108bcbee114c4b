import type { Theme } from "../generated/prisma/client";
import type { ThemeView } from "./schemas";

type OfficialTheme = ThemeView["official_theme"];

const DEFAULT_OFFICIAL: OfficialTheme = { id: "default", name: "Default", changelog: [], price: 0 };

export function serializeTheme(theme: Theme): ThemeView {
  return {
    id: theme.id,
    name: theme.name,
    description: theme.description ?? "",
    version: theme.version,
    official_theme: (theme.official_theme as OfficialTheme | null) ?? DEFAULT_OFFICIAL,
  };
}
