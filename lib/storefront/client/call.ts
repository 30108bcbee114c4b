"use client";

import type { StorefrontChallengeView } from "../schemas";

export type CallError = { status: number; message: string; errors?: Record<string, string[]> };
export type CallResult<T> = { ok: true; data: T } | { ok: false; error: CallError };

/** A call to this shop's own origin; an error keeps the API's {message, errors}. */
async function call<T>(path: string, init: RequestInit): Promise<CallResult<T>> {
  try {
    const response = await fetch(path, { ...init, headers: { accept: "application/json", ...init.headers } });
    const data = await response.json().catch(() => null);
    if (response.ok) return { ok: true, data: data as T };
    return {
      ok: false,
      error: {
        status: response.status,
        message:
          data?.message ??
          (response.status === 429 ? "Too many attempts: wait a minute and try again." : "Something went wrong. Try again."),
        errors: data?.errors,
      },
    };
  } catch {
    return { ok: false, error: { status: 0, message: "The shop could not be reached. Check your connection and try again." } };
  }
}

/** A storefront call (price, checkout, order lookup) to this shop's own origin. */
export function storefrontCall<T>(
  subdomain: string,
  name: "price" | "checkout" | "orders" | "orders/open",
  body: unknown,
): Promise<CallResult<T>> {
  return call<T>(`/s/${encodeURIComponent(subdomain)}/api/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A new proof-of-work challenge for this shop's checkout. */
export function storefrontChallenge(subdomain: string): Promise<CallResult<StorefrontChallengeView>> {
  return call(`/s/${encodeURIComponent(subdomain)}/api/challenge`, { cache: "no-store" });
}
