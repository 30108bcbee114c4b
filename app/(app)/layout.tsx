import { connection } from "next/server";

/**
 * Every page outside the storefront (dashboard, portal, buyer's page, sign-in,
 * invitations) renders per request, never from a prerendered shell: its
 * scripts carry the request's CSP nonce (lib/api/content-security-policy.ts),
 * which a shell built ahead of time cannot. `instant = false` tells Next these
 * routes may wait for the request before they show anything.
 */
export const instant = false;

export default async function PerRequestLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return children;
}
