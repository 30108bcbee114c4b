"use client";
import Link from "next/link";
import { useCart } from "@/lib/storefront/client/cart-store";

/** The header's cart link with the number of units in this browser's cart. */
export function CartLink({ subdomain }: { subdomain: string }) {
  const { count } = useCart(subdomain);
  return (
    <Link
      href={`/s/${encodeURIComponent(subdomain)}/cart`}
      className="shrink-0 rounded-[var(--sf-radius)] bg-[var(--sf-primary)] px-3 py-2 text-sm font-medium text-[var(--sf-on-primary)]"
      aria-label={count ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart, empty"}
    >
      Cart{count ? ` (${count})` : ""}
    </Link>
  );
}
