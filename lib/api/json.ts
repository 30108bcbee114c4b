import secureJsonParse from "secure-json-parse";
import { ApiError } from "./errors";

/** No request shape nests deeper than a few levels; this leaves room and keeps recursive code (qs, zod) safe. */
export const MAX_JSON_DEPTH = 32;

export const malformedJson = () => new ApiError({ status: 400, message: "Malformed JSON body." });

const tooDeep = () => new ApiError({ status: 400, message: `The JSON body must not be nested more than ${MAX_JSON_DEPTH} levels deep.` });

/** How deeply `text` nests arrays and objects, counted in one pass without recursion (brackets inside strings don't count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

/**
 * The one JSON parser of request bodies: refuses nesting deeper than
 * MAX_JSON_DEPTH before parsing, and drops `__proto__` and
 * `constructor.prototype` keys so no body can reach an object's prototype.
 */
export function parseJson(text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw tooDeep();
  try {
    return secureJsonParse(text, null, { protoAction: "remove", constructorAction: "remove" });
  } catch {
    throw malformedJson();
  }
}

/** A JSON object body (`{...}`); anything else is malformed. Empty text is no body. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  if (text.trim() === "") return undefined;
  const value = parseJson(text);
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw malformedJson();
  return value as Record<string, unknown>;
}
