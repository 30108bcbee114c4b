/**
 * Who makes a change, and from where: built by the route wrapper from the
 * caller and the request (lib/api/audit-context.ts), handed to the domain
 * functions that record what they change, so lib/<area> reads no Request.
 */
export type AuditActor = {
  userId: number | null;
  /** The API key of the request; null for a dashboard session. */
  apiKeyId: number | null;
  /** How the log names the actor even after the user or key is gone: `seller@shop.test`, `seller@shop.test (API key "CI")`. */
  label: string;
  /** The client's address as resolved through the trusted proxies (server.ts). */
  ip: string | null;
  userAgent: string | null;
};

/** An actor acting in one shop: the entries it writes go to that shop's log. */
export type AuditContext = AuditActor & { shopId: number };

/** Changes made by the system itself (the demo seed), not by a request. */
export function systemActor(label: string): AuditActor {
  return { userId: null, apiKeyId: null, label, ip: null, userAgent: null };
}
