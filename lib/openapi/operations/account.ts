import * as z from "../../validation/zod";
import { messageBody } from "../../api/schemas";
import { apiKeyView, createApiKeySchema, loginSchema, newApiKeyView, signedInView, twoFactorRequiredView } from "../../auth/schemas";
import type { Operation } from "../operation";

const sessionCookie = {
  "Set-Cookie": {
    description: "The HttpOnly session cookie (`shopdesk_session`; `__Host-shopdesk_session` over TLS).",
    required: true,
    schema: { type: "string" as const },
  },
};
const signInCookie = {
  "Set-Cookie": {
    ...sessionCookie["Set-Cookie"],
    description: "The HttpOnly session cookie (`shopdesk_session`; `__Host-shopdesk_session` over TLS); none with `two_factor_required`.",
    required: false,
  },
};

export const accountOperations: Operation[] = [
  {
    operationId: "login",
    method: "post",
    path: "/v1/auth/login",
    summary: "Dashboard sign-in (sets the session cookie)",
    description:
      'Wrong credentials are 422 on `email`. With two-factor sign-in on, the right password answers `{"two_factor_required": true}` and no session; the same request with `code` (the app\'s 6 digits, or a recovery code, which is spent) signs in; a wrong or reused code is 422 on `code`. Failed attempts (wrong codes too) are limited per account (10 in 10 minutes, from any address) and per client (100 in 10 minutes; IPv6: per /64): then 429. See docs/accounts.md.',
    tag: "Account",
    auth: "none",
    body: loginSchema,
    response: {
      description: "The signed-in seller, or `two_factor_required` (no session yet).",
      schema: z.union([signedInView, twoFactorRequiredView]),
      headers: signInCookie,
    },
    errors: ["CrossOrigin", "TooManyAttempts", "HashingBusy"],
  },
  {
    operationId: "logout",
    method: "post",
    path: "/v1/auth/logout",
    summary: "Dashboard sign-out",
    tag: "Account",
    auth: "none",
    response: { description: "The session is ended and its cookie cleared.", schema: messageBody, headers: sessionCookie },
    errors: ["CrossOrigin"],
  },
  {
    operationId: "getCurrentUser",
    method: "get",
    path: "/v1/auth/me",
    summary: "The signed-in seller",
    tag: "Account",
    auth: "seller",
    permission: "account",
    response: { description: "The seller the key or session belongs to.", schema: signedInView },
  },
  {
    operationId: "listApiKeys",
    method: "get",
    path: "/v1/api-keys",
    summary: "List the seller's API keys, newest first",
    tag: "Account",
    auth: "seller",
    permission: "account",
    sessionOnly: true,
    response: { description: "Every key, revoked ones with `revoked_at`.", schema: z.array(apiKeyView) },
  },
  {
    operationId: "createApiKey",
    method: "post",
    path: "/v1/api-keys",
    summary: "Create an API key (the key is shown once)",
    tag: "Account",
    auth: "seller",
    permission: "account",
    sessionOnly: true,
    reauth: true,
    body: createApiKeySchema,
    response: { status: 201, description: "The key, with its plain value.", schema: newApiKeyView },
  },
  {
    operationId: "revokeApiKey",
    method: "delete",
    path: "/v1/api-keys/{keyId}",
    summary: "Revoke an API key",
    tag: "Account",
    auth: "seller",
    permission: "account",
    sessionOnly: true,
    reauth: true,
    response: { description: "`API key deleted.`: it stops working at once.", schema: messageBody },
  },
];
