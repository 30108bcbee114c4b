import { sellerPageOf, timestamp } from "../api/schemas";
import { integer } from "../validation/fields";
import * as z from "../validation/zod";
import { exactValueError, patternError } from "./rules";

/**
 * Blacklist request and response schemas, shared by the routes, the OpenAPI
 * document and the dashboard form. An entry refuses a buyer at checkout
 * whose `type` field equals `value` (`exact`) or matches it (`regex`).
 */

export const BLACKLIST_TYPES = ["email", "ip", "user_agent", "asn", "country_code"] as const;
export type BlacklistType = (typeof BLACKLIST_TYPES)[number];
export const MATCH_TYPES = ["exact", "regex"] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** The longest value per type when exact; a regex is at most REGEX_MAX whatever the type. */
export const VALUE_MAX: Record<BlacklistType, number> = { email: 255, ip: 49, user_agent: 1000, asn: 10, country_code: 2 };
export const REGEX_MAX = 500;
export const REASON_MAX = 1000;
/** The longest value the test endpoint matches (the longest a checkout forwards). */
export const TEST_VALUE_MAX = 1000;

const MAX_INT = 2_147_483_647;

/** Like Laravel's empty-string-to-null: "" and null mean the field was not sent. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

/** An ASN may be sent as a JSON number. */
const text = (max: number) =>
  z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().trim().min(1).max(max));

const entryFields = {
  type: z.enum(BLACKLIST_TYPES),
  value: text(Math.max(REGEX_MAX, ...Object.values(VALUE_MAX))),
  match_type: optional(z.enum(MATCH_TYPES)),
  reason: z.preprocess((value) => (value === "" ? null : value), z.string().trim().max(REASON_MAX).nullable().optional()),
};

type EntryInput = { type?: BlacklistType; value?: string; match_type?: MatchType };

/** The value checked against its type: length, an IP or CIDR range, an ASN, two letters, or a pattern RE2 compiles. */
function valueFitsType(entry: EntryInput, ctx: z.RefinementCtx) {
  if (entry.type === undefined || entry.value === undefined) return;
  const error = (entry.match_type ?? "exact") === "regex" ? patternError(entry.value) : exactValueError(entry.type, entry.value);
  if (error) ctx.addIssue({ code: "custom", path: ["value"], message: error });
}

/** POST /v1/shops/{shopId}/blacklist (`match_type` defaults to exact). */
export const createBlacklistEntrySchema = z
  .object(entryFields)
  .superRefine(valueFitsType)
  .transform((entry) => ({ ...entry, match_type: entry.match_type ?? "exact", reason: entry.reason ?? null }));
export type CreateBlacklistEntryInput = z.output<typeof createBlacklistEntrySchema>;

/**
 * PUT /v1/shops/{shopId}/blacklist/{id}/update: fields not sent keep their
 * value; the merged entry is checked again as a new one (lib/blacklist/entries.ts).
 */
export const updateBlacklistEntrySchema = z
  .object({
    type: optional(entryFields.type),
    value: optional(entryFields.value),
    match_type: entryFields.match_type,
    reason: entryFields.reason,
  })
  .superRefine(valueFitsType);
export type UpdateBlacklistEntryInput = z.output<typeof updateBlacklistEntrySchema>;

/** GET /v1/shops/{shopId}/blacklist: newest first; `type` and a `search` in the value or reason narrow it. */
export const listBlacklistQuery = z
  .object({
    page: optional(integer({ min: 1, max: MAX_INT })),
    perPage: optional(integer({ min: 1, max: 100 })),
    type: optional(z.enum(BLACKLIST_TYPES)),
    search: optional(z.string().max(255)),
  })
  .transform((query) => ({ ...query, page: query.page ?? 1, perPage: query.perPage ?? 20 }));
export type ListBlacklistQuery = z.output<typeof listBlacklistQuery>;

/** POST /v1/shops/{shopId}/blacklist/test: which entries would refuse this value (beyond the issue; for the dashboard). */
export const testBlacklistSchema = z.object({
  type: z.enum(BLACKLIST_TYPES),
  value: text(TEST_VALUE_MAX),
});
export type TestBlacklistInput = z.output<typeof testBlacklistSchema>;

// ---------------------------------------------------------------- responses

export const blacklistEntryView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    type: z.string().describe(`One of ${BLACKLIST_TYPES.join(", ")}.`),
    value: z.string(),
    match_type: z.string().describe(`One of ${MATCH_TYPES.join(", ")}.`),
    reason: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "BlacklistEntry" });
export type BlacklistEntryView = z.output<typeof blacklistEntryView>;

export const blacklistPage = sellerPageOf(blacklistEntryView);
export type BlacklistPage = z.output<typeof blacklistPage>;

export const blacklistTestResult = z
  .object({
    blocked: z.boolean().describe("Whether a checkout with this value would be refused."),
    customer_banned: z.boolean().describe("For `email`: the shop's customer with this email is banned."),
    matches: z.array(blacklistEntryView).describe("The entries that match, oldest first."),
  })
  .meta({ id: "BlacklistTestResult" });
export type BlacklistTestResult = z.output<typeof blacklistTestResult>;
