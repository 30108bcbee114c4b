"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import { DataTable, type Column, type TableSelection } from "@/components/data-table";
import type { Checkout } from "@/lib/client/hooks/checkouts";

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

const columns = (shopId: string): Column<Checkout>[] => [
  {
    key: "checkout",
    header: "Checkout",
    className: "max-w-56",
    cell: (checkout) => (
      <>
        <Link href={`/dashboard/${shopId}/invoices/${checkout.id}`} className="font-medium text-blue-700 hover:underline">
          #{checkout.id}
        </Link>
        <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {checkout.type === "pending" ? "payment started" : "not paid"}
        </span>
        {checkout.dismissed ? <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">dismissed</span> : null}
        <div className="truncate" title={checkout.email}>
          {checkout.email}
        </div>
      </>
    ),
  },
  { key: "items", header: "Items", from: "md", className: "max-w-64 text-slate-600", cell: itemsText },
  {
    key: "value",
    header: "Value",
    from: "sm",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (checkout) => `${checkout.price} ${checkout.currency}`,
  },
  { key: "created", header: "Created", from: "lg", className: "text-slate-600", cell: (checkout) => when(checkout.created_at) },
  {
    key: "recovery",
    header: "Recovery",
    from: "sm",
    className: "text-slate-600",
    cell: (checkout) => (checkout.recovery_sent_at ? `Email sent ${when(checkout.recovery_sent_at)}` : "Not emailed"),
  },
];

/** The checkouts of one page with a tick per row for bulk recovery, and each row's own actions. */
export function CheckoutTable({
  shopId,
  checkouts,
  selection,
  busyId,
  onRecover,
  onDismiss,
}: { shopId: string; checkouts: Checkout[]; selection: TableSelection; busyId: number | null } & Actions) {
  const actions = (checkout: Checkout) => (
    <RowActions checkout={checkout} busy={busyId === checkout.id} onRecover={onRecover} onDismiss={onDismiss} />
  );
  return (
    <DataTable
      caption="Abandoned checkouts"
      rows={checkouts}
      columns={columns(shopId)}
      selection={selection}
      selectLabel={(checkout) => `Select checkout #${checkout.id}`}
      rowClassName={(checkout) => (checkout.dismissed ? "bg-slate-50 text-slate-500" : undefined)}
      // on phones the value and the actions sit under the checkout instead of columns off screen
      phone={(checkout) => (
        <>
          <div className="tabular-nums text-slate-600">
            {checkout.price} {checkout.currency}
          </div>
          <div className="mt-2">{actions(checkout)}</div>
        </>
      )}
      actions={actions}
      actionsFrom="sm"
    />
  );
}
