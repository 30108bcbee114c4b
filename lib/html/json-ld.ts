/**
 * The body of a `<script type="application/ld+json">`. The browser ends a
 * script element at the first `</script` whatever the JSON around it says, so
 * a product named `</script><script>alert(1)</script>` would run; `<!--` can
 * also change how the rest is parsed. With `<`, `>` and `&` written as JSON
 * escapes no markup can appear, and the parsed value is the same. U+2028 and
 * U+2029 are escaped too, for consumers that read the body as JavaScript.
 */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

export function jsonLdScriptBody(value: unknown): string {
  // JSON.stringify answers undefined for undefined and functions: an empty script body would not parse
  const json = JSON.stringify(value) ?? "null";
  return json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
