"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import type { Checkout } from "@/lib/client/hooks/checkouts";
import { TableScroller } from "@/components/table-scroller";

const when = (iso: string) => new Date(iso).toLocaleString();

function itemsText(checkout: Checkout): string {
  if (!checkout.items.length) return checkout.product?.name ?? "—";
  return checkout.items.map((item) => `${item.product_name} · ${item.variant_name} × ${item.quantity}`).join(", ");
}

type Actions = { onRecover: (checkout: Checkout) => void; onDismiss: (checkout: Checkout, dismissed: boolean) => void };

function RowActions({ checkout, busy, onRecover, onDismiss }: Actions & { checkout: Checkout; busy: boolean }) {
  return (
    <div className="flex gap-2 sm:justify-end">
      <Button variant="secondary" className="whitespace-nowrap" disabled={busy} onClick={() => onRecover(checkout)}>
        {/* The visible words begin the accessible name (WCAG 2.5.3); the rest says which row. */}
        {checkout.recovery_sent_at ? "Email again" : "Recover"}
        <span className="sr-only"> checkout #{checkout.id}</span>
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => onDismiss(checkout, !checkout.dismissed)}>
        {checkout.dismissed ? "Undismiss" : "Dismiss"}
        <span className="sr-only"> checkout #{checkout.id}</span>
      </Button>
    </div>
  );
}

/** The checkouts of one page with a tick per row for bulk recovery, and each row's own actions. */
export function CheckoutTable({
  shopId,
  checkouts,
  selected,
  onSelect,
  busyId,
  onRecover,
  onDismiss,
}: {
  shopId: string;
  checkouts: Checkout[];
  selected: Set<number>;
  onSelect: (next: Set<number>) => void;
  busyId: number | null;
} & Actions) {
  const allTicked = checkouts.length > 0 && checkouts.every((checkout) => selected.has(checkout.id));
  const tickAll = () => onSelect(allTicked ? new Set() : new Set(checkouts.map((checkout) => checkout.id)));
  const tick = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const box = "size-4 accent-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500";

  return (
    <TableScroller>
      <table className="min-w-full text-sm">
        <caption className="sr-only">Abandoned checkouts</caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="w-8 px-3 py-2">
              <input type="checkbox" className={box} aria-label="Select all on this page" checked={allTicked} onChange={tickAll} />
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Checkout
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Items
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
              Value
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Created
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Recovery
            </th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {checkouts.map((checkout) => (
            <tr key={checkout.id} className={checkout.dismissed ? "bg-slate-50 text-slate-500" : undefined}>
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  className={box}
                  aria-label={`Select checkout #${checkout.id}`}
                  checked={selected.has(checkout.id)}
                  onChange={() => tick(checkout.id)}
                />
              </td>
              <td className="max-w-56 px-3 py-2">
                <Link href={`/dashboard/${shopId}/invoices/${checkout.id}`} className="font-medium text-blue-700 hover:underline">
                  #{checkout.id}
                </Link>
                <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                  {checkout.type === "pending" ? "payment started" : "not paid"}
                </span>
                {checkout.dismissed ? (
                  <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">dismissed</span>
                ) : null}
                <div className="truncate" title={checkout.email}>
                  {checkout.email}
                </div>
                {/* on phones the value and the actions sit under the checkout instead of columns off screen */}
                <div className="tabular-nums text-slate-600 sm:hidden">
                  {checkout.price} {checkout.currency}
                </div>
                <div className="mt-2 sm:hidden">
                  <RowActions checkout={checkout} busy={busyId === checkout.id} onRecover={onRecover} onDismiss={onDismiss} />
                </div>
              </td>
              <td className="hidden max-w-64 px-3 py-2 text-slate-600 md:table-cell">{itemsText(checkout)}</td>
              <td className="hidden whitespace-nowrap px-3 py-2 text-right tabular-nums sm:table-cell">
                {checkout.price} {checkout.currency}
              </td>
              <td className="hidden px-3 py-2 text-slate-600 lg:table-cell">{when(checkout.created_at)}</td>
              <td className="hidden px-3 py-2 text-slate-600 sm:table-cell">
                {checkout.recovery_sent_at ? `Email sent ${when(checkout.recovery_sent_at)}` : "Not emailed"}
              </td>
              <td className="hidden px-3 py-2 sm:table-cell">
                <RowActions checkout={checkout} busy={busyId === checkout.id} onRecover={onRecover} onDismiss={onDismiss} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
