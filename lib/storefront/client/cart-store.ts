"use client";
import { useSyncExternalStore } from "react";

/**
 * The buyer's cart, kept in this browser (localStorage, one cart per shop):
 * what was chosen and what it looked like when chosen. Prices shown from it
 * are only a hint; the cart page prices it live on the server, and the
 * checkout prices it again.
 */
export type CartLine = {
  productId: number;
  variantId: number;
  quantity: number;
  productName: string;
  variantName: string;
  productPath: string;
  unitPrice: string;
  currency: string;
};

/** The most lines a checkout takes (checkoutBody's cart bound). */
export const MAX_CART_LINES = 50;

const keyOf = (subdomain: string) => `shopdesk-cart:${subdomain}`;
const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; lines: CartLine[] }>();
const EMPTY: CartLine[] = [];

function read(subdomain: string): CartLine[] {
  const raw = window.localStorage.getItem(keyOf(subdomain));
  const cached = snapshots.get(subdomain);
  if (cached && cached.raw === raw) return cached.lines;
  let lines: CartLine[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) lines = parsed.filter(isLine).slice(0, MAX_CART_LINES);
  } catch {
    lines = []; // a damaged cart is an empty one
  }
  snapshots.set(subdomain, { raw, lines });
  return lines;
}

function isLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    typeof line === "object" &&
    line !== null &&
    Number.isInteger(line.productId) &&
    Number.isInteger(line.variantId) &&
    Number.isInteger(line.quantity) &&
    line.quantity > 0 &&
    typeof line.productName === "string" &&
    typeof line.variantName === "string"
  );
}

function write(subdomain: string, lines: CartLine[]) {
  window.localStorage.setItem(keyOf(subdomain), JSON.stringify(lines));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key?.startsWith("shopdesk-cart:") && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useCart(subdomain: string) {
  const lines = useSyncExternalStore(
    subscribe,
    () => read(subdomain),
    () => EMPTY,
  );
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    /** Adds units of a variant (one line per variant). */
    add(line: CartLine) {
      const current = read(subdomain);
      const existing = current.find((entry) => entry.variantId === line.variantId);
      const next = existing
        ? current.map((entry) => (entry === existing ? { ...entry, quantity: entry.quantity + line.quantity } : entry))
        : [...current, line].slice(0, MAX_CART_LINES);
      write(subdomain, next);
    },
    setQuantity(variantId: number, quantity: number) {
      write(
        subdomain,
        read(subdomain).map((entry) => (entry.variantId === variantId ? { ...entry, quantity } : entry)),
      );
    },
    remove(variantId: number) {
      write(
        subdomain,
        read(subdomain).filter((entry) => entry.variantId !== variantId),
      );
    },
    clear() {
      write(subdomain, []);
    },
  };
}
