import { LostBuyerLinks } from "@/components/storefront/lost-buyer-links";

/**
 * A storefront URL that names nothing (a product removed or renamed, a
 * made-up path the page gate sent here): inside the shop's own layout, so the
 * buyer still sees the shop and finds the way back, and cached like every
 * storefront page (it reads nothing).
 */
export default function StorefrontNotFound() {
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <h1 className="text-2xl font-bold">This page is not in the shop</h1>
      <p className="opacity-80">The product or page may have been removed or renamed, or the link is mistyped.</p>
      <LostBuyerLinks />
    </main>
  );
}
