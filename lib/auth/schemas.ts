import { timestamp } from "../api/schemas";
import * as z from "../validation/zod";
import { date } from "../validation/fields";
import { recordId } from "../validation/ids";

export const loginSchema = z.object({
  email: z.email().max(255),
  password: z.string().min(1).max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A password set from now on (sign-up, reset, change) is at least this long; older shorter ones still sign in. */
export const NEW_PASSWORD_MIN = 12;

export const newPassword = z
  .string()
  .min(NEW_PASSWORD_MIN, { error: `The password field must be at least ${NEW_PASSWORD_MIN} characters.` })
  .max(1000);

/** POST /v1/auth/password/forgot (and the reseller portal's). */
export const forgotPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().max(255).pipe(z.email()),
});
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

/** POST /v1/auth/password/reset: the e-mailed link's token and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
});
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** PUT /v1/account/password. */
export const changePasswordSchema = z.object({
  current_password: z.string().min(1).max(1000),
  password: newPassword,
});
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/**
 * POST /v1/api-keys. Absent fields keep the old meaning: every shop of the
 * user, write, never lapses.
 */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1).max(100),
  shop_ids: z
    .array(recordId())
    .max(100)
    .optional()
    .describe("The shops the key reaches (each one of the caller's); absent or empty: all of them, as they are at each request."),
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

/** One answer of the forgot-password form, whether or not the address has an account. */
export const passwordResetRequestedView = z.object({ message: z.string() }).meta({ id: "PasswordResetRequested" });
export type PasswordResetRequestedView = z.output<typeof passwordResetRequestedView>;

/** A signed-in browser session of the account (dashboard or reseller portal). */
export const sessionView = z
  .object({
    id: z.string().describe("Opaque: names the session in DELETE /v1/account/sessions/{id}; not the cookie."),
    kind: z.enum(["dashboard", "reseller_portal"]),
    created_at: timestamp,
    last_seen_at: timestamp.describe("Updated at most about once a minute."),
    expires_at: timestamp.describe("The absolute end; the idle limit may end it sooner."),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    current: z.boolean().describe("The session of this request."),
  })
  .meta({ id: "Session" });
export type SessionView = z.output<typeof sessionView>;

export const sessionListView = z.object({ data: z.array(sessionView) }).meta({ id: "SessionList" });
export type SessionListView = z.output<typeof sessionListView>;
