import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OpenedOrders } from "@/components/storefront/opened-orders";
import { cachedShop } from "@/lib/storefront/cached-reads";

type Props = { params: Promise<{ subdomain: string }> };

export const metadata: Metadata = { title: "Your orders", robots: { index: false, follow: false }, referrer: "no-referrer" };

/**
 * The page of an e-mailed link, `/orders/open#<token>`: the token is in the
 * fragment, which a browser never sends, so this is one cached page per
 * shop (a token in the path would make every token, or every guess, a page
 * of its own), the token is in no server log or referrer, and a mail
 * scanner's GET spends nothing. The client island reads it and opens the link.
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
