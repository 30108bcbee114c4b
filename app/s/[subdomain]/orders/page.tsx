import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderLookupForm } from "@/components/storefront/order-lookup-form";
import { cachedShop } from "@/lib/storefront/cached-reads";

type Props = { params: Promise<{ subdomain: string }> };

export const metadata: Metadata = { title: "Find my orders", robots: { index: false } };

/** "Find my orders": a cached shell; the request for the e-mailed link is the browser's call. */
export default async function OrderLookupPage({ params }: Props) {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) notFound();
  return (
    <main className="max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">Find my orders</h1>
      <p>Enter the email you bought with. We will send it a link to your orders in {shop.name}: no account or password needed.</p>
      <OrderLookupForm subdomain={shop.subdomain} />
    </main>
  );
}
