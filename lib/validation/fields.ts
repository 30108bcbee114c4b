import * as z from "./zod";

/**
 * Field types that accept both JSON values and their query-string forms, so
 * one schema serves a JSON body, a query string and a GET body folded into
 * the query string by server.ts.
 */

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;

function fromText(pattern: RegExp) {
  return (value: unknown) => (typeof value === "string" && pattern.test(value.trim()) ? Number(value.trim()) : value);
}

type Bounds = { min?: number; max?: number };

function bounded(schema: z.ZodNumber, { min, max }: Bounds): z.ZodNumber {
  let out = schema;
  if (min !== undefined) out = out.min(min);
  if (max !== undefined) out = out.max(max);
  return out;
}

/** The range of PostgreSQL's `integer`, which every integer field is stored in or compared with. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * An integer; "12" in a query string is 12. `integer({ min: 1, max: 100 })`.
 * Unbounded sides default to PostgreSQL's integer range, so no value can
 * overflow a column or a comparison in the database.
 */
export const integer = ({ min = INT4_MIN, max = INT4_MAX }: Bounds = {}) =>
  z.preprocess(fromText(INTEGER), bounded(z.number().int(), { min, max }));

/** A number; "9.99" in a query string is 9.99. */
export const number = (bounds: Bounds = {}) => z.preprocess(fromText(NUMBER), bounded(z.number(), bounds));

const TRUE = new Set(["true", "1", "on", "yes"]);
const FALSE = new Set(["false", "0", "off", "no"]);

/** A boolean; query forms true/false/1/0. */
export const boolean = () =>
  z.preprocess((value) => {
    if (value === 1 || value === 0) return value === 1;
    if (typeof value !== "string") return value;
    const text = value.trim().toLowerCase();
    return TRUE.has(text) ? true : FALSE.has(text) ? false : value;
  }, z.boolean());

/**
 * An array from `a[]=x&a[]=y`, `a[0]=x&a[1]=y`, `a=x,y` or JSON. An empty
 * string is an empty list.
 */
export function list<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (typeof value === "string") return value === "" ? [] : value.split(",").map((part) => part.trim());
    if (value && typeof value === "object" && !Array.isArray(value)) return Object.values(value);
    return value;
  }, z.array(item));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_MS = 86_400_000;

function dateField(endOfDay: boolean) {
  return z
    .string()
    .trim()
    .refine((text) => ISO_DATE.test(text) && !Number.isNaN(parseDate(text).getTime()), {
      error: (issue) => `The ${String(issue.path?.join(".") || "date").replace(/_/g, " ")} field must be a valid date.`,
    })
    .transform((text) => {
      const parsed = parseDate(text);
      return endOfDay && text.length === 10 ? new Date(parsed.getTime() + DAY_MS - 1) : parsed;
    });
}

/** "A valid date": an ISO 8601 date or date-time, parsed to a Date (UTC when no offset is given). */
export const date = () => dateField(false);

/** The end of an inclusive range: a bare date covers the whole of that day. */
export const endDate = () => dateField(true);

function parseDate(text: string): Date {
  const normalised = text.replace(" ", "T");
  const hasZone = /T.*(Z|[+-]\d{2}:?\d{2})$/.test(normalised);
  return new Date(hasZone || !normalised.includes("T") ? normalised : `${normalised}Z`);
}

/** A money amount with at most 2 decimals, as a number (stored as Decimal). */
export const money = (bounds: Bounds = {}) => z.preprocess(fromText(NUMBER), bounded(z.number(), bounds).multipleOf(0.01));

/** A required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** Text that may be absent or null (null is stored as null). */
export const nullableText = (max: number) => z.string().max(max).nullish();

/** `#rrggbb` (or `#rgb`, written as `#rrggbb`), in lower case: the only form a colour is stored in. */
export const hexColour = () =>
  z
    .string()
    .trim()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "The colour must be #rrggbb, e.g. #2563eb.")
    .overwrite((hex) => (hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join("")}` : hex).toLowerCase());
