"use client";
import Link from "next/link";
import { DataTable, type Column } from "@/components/data-table";
import { StatusBadge } from "@/components/status-badge";
import type { Subscription } from "@/lib/client/hooks/subscriptions";

export const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "—");

const columns = (shopId: string): Column<Subscription>[] => [
  {
    key: "id",
    header: "Subscription",
    className: "max-w-56",
    cell: (subscription) => (
      <>
        <Link href={`/dashboard/${shopId}/subscriptions/${subscription.id}`} className="font-medium text-blue-700 hover:underline">
          #{subscription.id}
        </Link>
        <div className="truncate" title={subscription.customer.email}>
          {subscription.customer.email}
        </div>
      </>
    ),
  },
  {
    key: "product",
    header: "Product",
    from: "md",
    cell: (subscription) => (
      <>
        {subscription.product.name}
        {subscription.variant ? <span className="text-slate-500"> · {subscription.variant.name}</span> : null}
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    cell: (subscription) => (
      <>
        <StatusBadge status={subscription.status} />
        {subscription.cancel_at_period_end ? (
          <div className="text-xs text-slate-500">cancels {day(subscription.current_period_end)}</div>
        ) : null}
      </>
    ),
  },
  {
    key: "price",
    header: "Price",
    from: "sm",
    align: "right",
    className: "tabular-nums",
    cell: (subscription) => `${subscription.price} ${subscription.currency} / ${subscription.interval}`,
  },
  { key: "period_end", header: "Period ends", from: "lg", className: "text-slate-600", cell: (s) => day(s.current_period_end) },
  { key: "created_at", header: "Created", from: "lg", className: "text-slate-600", cell: (s) => day(s.created_at) },
];

export function SubscriptionTable({ shopId, subscriptions }: { shopId: string; subscriptions: Subscription[] }) {
  return <DataTable caption="Subscriptions" rows={subscriptions} columns={columns(shopId)} />;
}
