import { timestamp } from "../api/schemas";
import * as z from "../validation/zod";
import { date } from "../validation/fields";
import { recordId } from "../validation/ids";

export const loginSchema = z.object({
  email: z.email().max(255),
  password: z.string().min(1).max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * POST /v1/api-keys. Absent fields keep the old meaning: every shop of the
 * user, write, never lapses.
 */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1).max(100),
  shop_ids: z
    .array(recordId())
    .min(1)
    .max(100)
    .optional()
    .describe("The shops the key reaches (each one of the caller's); absent: all of them, as they are at each request."),
  scope: z.enum(["read", "write"]).default("write").describe("`read` refuses every change (403)."),
  expires_at: date()
    .refine((value) => value.getTime() > Date.now(), { error: "The expires at must be a date after now." })
    .optional()
    .describe("When the key stops working (401); absent: never."),
});
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;

// ---------------------------------------------------------------- responses

export const userView = z.object({ id: z.int(), email: z.string(), name: z.string() }).meta({ id: "User" });
export type UserView = z.output<typeof userView>;

/** Sign-in and GET /v1/auth/me. */
export const signedInView = z.object({ user: userView });
export type SignedInView = z.output<typeof signedInView>;

/** A seller API key; `prefix` identifies it, the key itself is shown once, when created. */
export const apiKeyView = z
  .object({
    id: z.int(),
    name: z.string(),
    prefix: z.string(),
    scope: z.enum(["read", "write"]),
    shop_ids: z.array(z.int()).nullable().describe("The shops the key reaches; null: all of the user's."),
    expires_at: timestamp.nullable(),
    last_used_at: timestamp.nullable().describe("Written at most once a minute."),
    revoked_at: timestamp.nullable(),
    created_at: timestamp,
    created_by: z.object({ email: z.string(), name: z.string() }).describe("The member who created it (the key acts as them)."),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyView = z.output<typeof apiKeyView>;

export const newApiKeyView = apiKeyView
  .extend({ key: z.string().describe("The key, shown in this answer only.") })
  .meta({ id: "NewApiKey" });
export type NewApiKeyView = z.output<typeof newApiKeyView>;
