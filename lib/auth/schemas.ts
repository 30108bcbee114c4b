import { timestamp } from "../api/schemas";
import * as z from "../validation/zod";
import { date } from "../validation/fields";
import { recordId } from "../validation/ids";

/** A second-factor code as typed: six digits of the app, or a recovery code (`abcde-fghij`). */
export const secondFactorCode = z.string().trim().min(1).max(64);

export const loginSchema = z.object({
  email: z.email().max(255),
  password: z.string().min(1).max(1000),
  code: secondFactorCode
    .optional()
    .describe(
      "With two-factor sign-in on: the authenticator app's 6-digit code or a recovery code, sent with the same email and password once the first answer was `two_factor_required`.",
    ),
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

/** POST /v1/account/2fa/enable: a code of the app, proving it holds the secret of the setup. */
export const enableTwoFactorSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: "Enter the 6-digit code your authenticator app shows." }),
});
export type EnableTwoFactorInput = z.output<typeof enableTwoFactorSchema>;

/** POST /v1/account/2fa/disable: the password and a code (the app's or a recovery code). */
export const disableTwoFactorSchema = z.object({
  password: z.string().min(1).max(1000),
  code: secondFactorCode,
});
export type DisableTwoFactorInput = z.output<typeof disableTwoFactorSchema>;

/** POST /v1/account/reauthenticate: the password, and a code when two-factor sign-in is on. */
export const reauthenticateSchema = z.object({
  password: z.string().min(1).max(1000),
  code: secondFactorCode.optional().describe("Required when two-factor sign-in is on: the app's code or a recovery code."),
});
export type ReauthenticateInput = z.output<typeof reauthenticateSchema>;

// ---------------------------------------------------------------- responses

export const userView = z.object({ id: z.int(), email: z.string(), name: z.string() }).meta({ id: "User" });
export type UserView = z.output<typeof userView>;

/** Sign-in and GET /v1/auth/me. */
export const signedInView = z.object({ user: userView });
export type SignedInView = z.output<typeof signedInView>;

/** The sign-in's first answer for an account with two-factor sign-in on: no session yet; send the same request with `code`. */
export const twoFactorRequiredView = z
  .object({ two_factor_required: z.literal(true) })
  .meta({ id: "TwoFactorRequired", description: "The password is right; repeat the request with `code` to sign in." });
export type TwoFactorRequiredView = z.output<typeof twoFactorRequiredView>;

export const twoFactorStatusView = z
  .object({
    enabled: z.boolean(),
    enabled_at: timestamp.nullable(),
    recovery_codes_left: z.int().describe("Unused recovery codes (0 when two-factor sign-in is off)."),
  })
  .meta({ id: "TwoFactorStatus" });
export type TwoFactorStatusView = z.output<typeof twoFactorStatusView>;

export const twoFactorSetupView = z
  .object({
    secret: z.string().describe("Base32, for typing into an app by hand."),
    otpauth_url: z.string().describe("The `otpauth://totp/...` URL a QR code carries to the app."),
  })
  .meta({ id: "TwoFactorSetup" });
export type TwoFactorSetupView = z.output<typeof twoFactorSetupView>;

export const recoveryCodesView = z
  .object({ recovery_codes: z.array(z.string()).describe("Ten single-use codes, shown in this answer only.") })
  .meta({ id: "RecoveryCodes" });
export type RecoveryCodesView = z.output<typeof recoveryCodesView>;

export const reauthenticatedView = z
  .object({
    message: z.string(),
    reauthenticated_until: timestamp.describe("Sensitive changes need no password again until then."),
  })
  .meta({ id: "Reauthenticated" });
export type ReauthenticatedView = z.output<typeof reauthenticatedView>;

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
