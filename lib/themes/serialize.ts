import type { Theme } from "../generated/prisma/client";

type OfficialTheme = { id: string; name: string; changelog: string[]; price: number };

const DEFAULT_OFFICIAL: OfficialTheme = { id: "default", name: "Default", changelog: [], price: 0 };

export function serializeTheme(theme: Theme) {
  return {
    id: theme.id,
    name: theme.name,
    description: theme.description ?? "",
    version: theme.version,
    official_theme: (theme.official_theme as OfficialTheme | null) ?? DEFAULT_OFFICIAL,
  };
}
