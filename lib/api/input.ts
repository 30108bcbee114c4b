import qs from "qs";
import { attribute } from "../validation/messages";
import { JSON_BODY_LIMIT, requestText } from "./body";
import { validationFailed, type FieldErrors } from "./errors";
import { MAX_JSON_DEPTH, parseJsonObject } from "./json";

/** Nesting accepted in a query string (`gateways[BTC]=1` is 1); deeper keys stay literal text. */
const QUERY_DEPTH = 4;

/**
 * The query string as nested values in the forms PHP clients send:
 * `a[]=1&a[]=2`, `a[0]=1`, `gateways[BTC]=1`. qs ignores keys that would
 * reach Object.prototype (`__proto__`, `constructor`).
 */
export function queryValues(url: URL): Record<string, unknown> {
  return qs.parse(url.search.slice(1), { depth: QUERY_DEPTH, arrayLimit: 1000, parameterLimit: 2000 });
}

/** The request's JSON object body, or undefined when there is none. */
export async function jsonBody(request: Request): Promise<Record<string, unknown> | undefined> {
  return parseJsonObject(await requestText(request, JSON_BODY_LIMIT));
}

const NUL = "\u0000";

/** Why PostgreSQL could not store a string as text (or inside json), or null when it can. */
function unstorable(text: string): string | null {
  if (text.includes(NUL)) return "must not contain NUL characters";
  // a lone surrogate (a JSON "\ud800" escape) is no character: json columns refuse it, text keeps a U+FFFD
  if (!text.isWellFormed()) return "must be valid Unicode text";
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, nor its json a lone UTF-16 surrogate,
 * so a string (or key) carrying one would fail in the database: it is a 422
 * on its dotted field path instead. Walks without recursion; parsed input is
 * at most MAX_JSON_DEPTH deep.
 */
export function refuseUnstorableText(input: unknown): void {
  const errors: FieldErrors = Object.create(null);
  const pending: [unknown, string[]][] = [[input, []]];
  const refuse = (path: string[], why: string) => (errors[path.join(".") || "body"] = [`The ${attribute(path)} field ${why}.`]);
  while (pending.length) {
    const [value, path] = pending.pop()!;
    if (typeof value === "string") {
      const why = unstorable(value);
      if (why) refuse(path, why);
    } else if (value !== null && typeof value === "object" && path.length <= MAX_JSON_DEPTH) {
      for (const [key, item] of Object.entries(value)) {
        // A key that cannot be stored is refused on the object that holds it: the key itself cannot name a field.
        const why = unstorable(key);
        if (why) refuse(path, why);
        else pending.push([item, [...path, key]]);
      }
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}
