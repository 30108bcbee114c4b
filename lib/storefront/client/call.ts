"use client";

export type CallError = { status: number; message: string; errors?: Record<string, string[]> };
export type CallResult<T> = { ok: true; data: T } | { ok: false; error: CallError };

/** A storefront call (price, checkout, order lookup) to this shop's own origin; an error keeps the API's {message, errors}. */
export async function storefrontCall<T>(
  subdomain: string,
  call: "price" | "checkout" | "orders" | "orders/open",
  body: unknown,
): Promise<CallResult<T>> {
  try {
    const response = await fetch(`/s/${encodeURIComponent(subdomain)}/api/${call}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
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
