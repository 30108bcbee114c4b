import { timestamp } from "../api/schemas";
import * as z from "../validation/zod";

export const loginSchema = z.object({
  email: z.email().max(255),
  password: z.string().min(1).max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1).max(100),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

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
    last_used_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "ApiKey" });
export type ApiKeyView = z.output<typeof apiKeyView>;

export const newApiKeyView = apiKeyView
  .extend({ key: z.string().describe("The key, shown in this answer only.") })
  .meta({ id: "NewApiKey" });
export type NewApiKeyView = z.output<typeof newApiKeyView>;
