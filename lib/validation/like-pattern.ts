/**
 * Prisma's `contains` becomes `LIKE`/`ILIKE` without escaping, so a search for
 * "50%" would match everything starting with "50". The conventions take `%`
 * and `_` literally: escape them (backslash is PostgreSQL's default escape).
 */
export function likeContains(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The `ILIKE` pattern of a substring filter in raw SQL, `%` and `_` literal. */
export function likePattern(text: string): string {
  return `%${likeContains(text)}%`;
}
