"use client";

import { storefrontChallenge, type CallError } from "./call";

/**
 * Fetches a challenge and solves it in this page: altcha-lib's solver with
 * the browser's own SHA-256 (WebCrypto), loaded only now, so no storefront
 * page carries it before an address needs it. Each digest is awaited, so the
 * page stays responsive without a worker (the storefront's CSP stays as it
 * is). The answer is ALTCHA's payload: base64 of the challenge and solution.
 */
export async function solveStorefrontChallenge(
  subdomain: string,
): Promise<{ ok: true; payload: string } | { ok: false; error: CallError }> {
  const fetched = await storefrontChallenge(subdomain);
  if (!fetched.ok) return fetched;
  const challenge = fetched.data;
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import("altcha-lib"), import("altcha-lib/algorithms/web/sha")]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 120_000 });
  if (!solution) return { ok: false, error: { status: 0, message: "The check took too long. Try again." } };
  return { ok: true, payload: btoa(JSON.stringify({ challenge, solution })) };
}
