import type { Operation } from "../document";
import { createApiKeySchema, loginSchema } from "../../auth/schemas";

export const accountOperations: Operation[] = [
  { method: "get", path: "/v1/health", summary: "Liveness and database check", tag: "System", auth: "none" },
  { method: "get", path: "/v1/openapi.json", summary: "This document", tag: "System", auth: "none" },
  {
    method: "post",
    path: "/v1/auth/login",
    summary: "Dashboard sign-in (sets the session cookie)",
    tag: "Account",
    auth: "none",
    body: loginSchema,
    errors: [429],
  },
  { method: "post", path: "/v1/auth/logout", summary: "Dashboard sign-out", tag: "Account", auth: "none" },
  { method: "get", path: "/v1/auth/me", summary: "The signed-in seller", tag: "Account", auth: "seller" },
  { method: "get", path: "/v1/api-keys", summary: "List the seller's API keys", tag: "Account", auth: "seller" },
  {
    method: "post",
    path: "/v1/api-keys",
    summary: "Create an API key (the key is shown once)",
    tag: "Account",
    auth: "seller",
    body: createApiKeySchema,
    success: { status: 201, description: "The key, with its plain value" },
  },
  { method: "delete", path: "/v1/api-keys/{keyId}", summary: "Revoke an API key", tag: "Account", auth: "seller", errors: [404] },
  { method: "get", path: "/v1/shops", summary: "List the caller's shops", tag: "Shops", auth: "seller" },
  { method: "get", path: "/v1/shops/{shopId}", summary: "Get a shop", tag: "Shops", auth: "seller" },
];
