"use client";
import { useEffect, useState } from "react";

/**
 * The `token` of the page's fragment (`#token=...`), as e-mailed links carry
 * it: a fragment is never sent in a request, so the token stays out of logs
 * and Referer headers. Undefined until the page has read it; null without one.
 */
export function useFragmentToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => setToken(new URLSearchParams(window.location.hash.slice(1)).get("token"));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  return token;
}
