import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CartCheckout } from "@/components/storefront/cart-checkout";
import { cachedShop } from "@/lib/storefront/cached-reads";

type Props = { params: Promise<{ subdomain: string }> };

export const metadata: Metadata = { title: "Cart", robots: { index: false } };

/** The cart and the checkout: a cached shell; the cart, its live price and the checkout are the browser's calls. */
export default async function CartPage({ params }: Props) {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) notFound();
  return (
    <main className="space-y-6">
      <h1 className="text-2xl font-bold">Your cart</h1>
      <CartCheckout subdomain={shop.subdomain} gateways={shop.gateways} />
    </main>
  );
}
