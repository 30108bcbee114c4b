"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import type { OpenedOrderLookupView } from "@/lib/order-lookup/schemas";
import { storefrontCall, type CallError } from "@/lib/storefront/client/call";

const storageKey = (subdomain: string, token: string) => `shopdesk-orders:${subdomain}:${token}`;

function remembered(subdomain: string, token: string): OpenedOrderLookupView | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(subdomain, token));
    const parsed = raw ? (JSON.parse(raw) as OpenedOrderLookupView) : null;
    return parsed && Array.isArray(parsed.orders) ? parsed : null;
  } catch {
    return null; // storage refused or damaged: ask the server
  }
}

/**
 * The page an e-mailed "Find my orders" link opens. Opening spends the link,
 * so it waits for the buyer's click: a mail scanner that fetches (or even
 * runs) the page spends nothing. The list is kept in this tab's
 * sessionStorage, so a reload shows it again without the spent link.
 */
export function OpenedOrders({ subdomain }: { subdomain: string }) {
  const [token, setToken] = useState("");
  const [opened, setOpened] = useState<OpenedOrderLookupView | null>(null);
  const [error, setError] = useState<CallError | null>(null);
  const [opening, setOpening] = useState(false);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    // the link's token is its fragment (see the page): never sent to the server
    const fromLink = decodeFragment(window.location.hash.slice(1));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fragment and sessionStorage exist only in the browser, after hydration
    setToken(fromLink);
    setOpened(fromLink ? remembered(subdomain, fromLink) : null);
    setChecked(true);
  }, [subdomain]);

  async function open() {
    setOpening(true);
    const result = await storefrontCall<OpenedOrderLookupView>(subdomain, "orders/open", { token });
    setOpening(false);
    if (!result.ok) return setError(result.error);
    try {
      window.sessionStorage.setItem(storageKey(subdomain, token), JSON.stringify(result.data));
    } catch {
      // not kept: the list still shows until the tab goes
    }
    setOpened(result.data);
  }

  if (!checked) return null;
  if (opened) return <OrderList subdomain={subdomain} opened={opened} />;
  if (!token) {
    return (
      <p>
        This page opens the link of a &ldquo;Find my orders&rdquo; e-mail, and this address carries none.{" "}
        <Link href={`/s/${encodeURIComponent(subdomain)}/orders`} className="underline">
          Ask for a link
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p>This link shows the orders of the address it was sent to, once. Keep this tab open to come back to them.</p>
      {error ? (
        <div role="alert" className="space-y-1 text-red-700">
          <p className="font-medium">{error.message}</p>
          <Link href={`/s/${encodeURIComponent(subdomain)}/orders`} className="underline">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <button
          type="button"
          onClick={open}
          disabled={opening}
          className="rounded-[var(--sf-radius)] bg-[var(--sf-primary)] px-5 py-2 font-semibold text-[var(--sf-on-primary)] disabled:opacity-50"
        >
          {opening ? "Opening…" : "Show my orders"}
        </button>
      )}
    </div>
  );
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return ""; // not a link this shop sent
  }
}

function OrderList({ subdomain, opened }: { subdomain: string; opened: OpenedOrderLookupView }) {
  if (!opened.orders.length) {
    return (
      <p>
        No orders for {opened.email}.{" "}
        <Link href={`/s/${encodeURIComponent(subdomain)}`} className="underline">
          Continue shopping
        </Link>
      </p>
    );
  }
  return (
    <section aria-labelledby="orders-heading" className="space-y-3">
      <h2 id="orders-heading" className="text-lg font-semibold">
        Orders of {opened.email}
      </h2>
      <ul className="space-y-3">
        {opened.orders.map((order) => (
          <li key={order.unique_id} className="rounded-[var(--sf-radius)] border border-current/10 bg-[var(--sf-surface)] p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              {/* the buyer's page is on the app's host, outside the storefront's routes */}
              <a href={order.url} className="font-medium underline">
                Order {order.unique_id}
              </a>
              <span className="tabular-nums">
                {order.total} {order.currency}
              </span>
            </div>
            <p className="text-sm opacity-80">
              {new Date(order.created_at).toISOString().slice(0, 10)} · {order.status}
            </p>
            <ul className="mt-1 text-sm">
              {order.items.map((item, index) => (
                <li key={index}>
                  {item.product_name} ({item.variant_name}) × {item.quantity}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
