"use client";
import Link from "next/link";
import { useParams } from "next/navigation";

/**
 * Where a buyer on the shop's 404 page can go: its home and its catalog.
 * A client island because a not-found page gets no params; the shop's
 * subdomain is in the URL it was asked under.
 */
export function LostBuyerLinks() {
  const { subdomain } = useParams<{ subdomain: string }>();
  const home = `/s/${encodeURIComponent(subdomain)}`;
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Link href={home} className="rounded-[var(--sf-radius)] bg-[var(--sf-primary)] px-4 py-2 font-semibold text-[var(--sf-on-primary)]">
        Continue shopping
      </Link>
      <Link href={`${home}/products`} className="rounded-[var(--sf-radius)] border border-current/30 px-4 py-2">
        All products
      </Link>
    </div>
  );
}
