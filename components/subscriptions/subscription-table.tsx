"use client";
import Link from "next/link";
import { StatusBadge } from "@/components/status-badge";
import type { Subscription } from "@/lib/client/hooks/subscriptions";
import { TableScroller } from "@/components/table-scroller";

export const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "—");

export function SubscriptionTable({ shopId, subscriptions }: { shopId: string; subscriptions: Subscription[] }) {
  return (
    <TableScroller>
      <table className="min-w-full text-sm">
        <caption className="sr-only">Subscriptions</caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Subscription
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Product
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
              Price
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Period ends
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Created
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {subscriptions.map((subscription) => (
            <tr key={subscription.id} className="hover:bg-slate-50">
              <td className="max-w-56 px-3 py-2">
                <Link href={`/dashboard/${shopId}/subscriptions/${subscription.id}`} className="font-medium text-blue-700 hover:underline">
                  #{subscription.id}
                </Link>
                <div className="truncate" title={subscription.customer.email}>
                  {subscription.customer.email}
                </div>
              </td>
              <td className="hidden px-3 py-2 md:table-cell">
                {subscription.product.name}
                {subscription.variant ? <span className="text-slate-500"> · {subscription.variant.name}</span> : null}
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={subscription.status} />
                {subscription.cancel_at_period_end ? (
                  <div className="text-xs text-slate-500">cancels {day(subscription.current_period_end)}</div>
                ) : null}
              </td>
              <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">
                {subscription.price} {subscription.currency} / {subscription.interval}
              </td>
              <td className="hidden px-3 py-2 text-slate-600 lg:table-cell">{day(subscription.current_period_end)}</td>
              <td className="hidden px-3 py-2 text-slate-600 lg:table-cell">{day(subscription.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
