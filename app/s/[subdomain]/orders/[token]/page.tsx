import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OpenedOrders } from "@/components/storefront/opened-orders";
import { cachedShop } from "@/lib/storefront/cached-reads";
import { NOT_A_SUBDOMAIN } from "@/lib/storefront/catalog";

type Props = { params: Promise<{ subdomain: string; token: string }> };

/** Like the shop's (see the layout): a sample only, so that the route validates at build time with no database. */
export function generateStaticParams() {
  return [{ token: NOT_A_SUBDOMAIN }];
}

// the link's token is in the path: never indexed, never sent on as a referrer
export const metadata: Metadata = { title: "Your orders", robots: { index: false, follow: false }, referrer: "no-referrer" };

/**
 * The page of an e-mailed link: a shell that reads nothing of the token, so
 * a mail scanner's GET spends nothing; the client island opens the link.
 */
export default async function OpenedOrdersPage({ params }: Props) {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) notFound();
  return (
    <main className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">Your orders</h1>
      <OpenedOrders subdomain={shop.subdomain} />
    </main>
  );
}
