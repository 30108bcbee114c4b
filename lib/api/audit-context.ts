import type { AuditActor } from "../audit/context";
import type { SellerUser } from "../auth/owned-shop";
import { forwardedOf } from "./forwarded";

/**
 * The audit log's actor of a seller request: the user, the API key when one
 * was used, and the client's address (server.ts resolved it through the
 * trusted proxies, as for checkouts and the rate limits) and user agent.
 */
export function auditActor(request: Request, user: Pick<SellerUser, "id" | "email" | "apiKey">): AuditActor {
  const { ip } = forwardedOf(request);
  return {
    userId: user.id,
    apiKeyId: user.apiKey?.id ?? null,
    label: user.apiKey ? `${user.email} (API key "${user.apiKey.name}")` : user.email,
    ip: ip === "unknown" ? null : ip,
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
  };
}
