/**
 * A response field the API documents as text from a fixed list (a
 * product's `visibility`, a subscription's `status`) as the request
 * schemas' enum type, for a form's default or a status check; anything
 * else (absent, or a value this client does not know) is `fallback`.
 */
export function oneOf<const T extends readonly string[], F extends T[number] | undefined>(
  values: T,
  value: string | null | undefined,
  fallback: F,
): T[number] | F {
  return values.includes(value as T[number]) ? (value as T[number]) : fallback;
}
