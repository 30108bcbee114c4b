"use client";
import { Skeleton } from "@/components/notice";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { RevenueChart } from "@/components/home/revenue-chart";
import { StatusBadge } from "@/components/status-badge";
import { useShops } from "@/lib/client/hooks/account";
import { useShopOverview } from "@/lib/client/hooks/stats";

const PERIODS = [7, 30, 90] as const;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export default function ShopHome() {
  const { shopId } = useParams<{ shopId: string }>();
  const [days, setDays] = useState<number>(30);
  const shops = useShops();
  const overview = useShopOverview(shopId, days);
  const shop = shops.data?.find((candidate) => String(candidate.id) === shopId);
  const data = overview.data;

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{shop?.name ?? "Shop"}</h1>
        <div className="flex gap-1" role="group" aria-label="Period">
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={days === period}
              onClick={() => setDays(period)}
              className={`rounded-md border px-3 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${days === period ? "border-blue-600 bg-blue-600 text-white" : "border-slate-300 bg-white"}`}
            >
              {period} days
            </button>
          ))}
        </div>
      </div>

      {overview.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {overview.error.message}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label={`Revenue, ${days} days`} value={data ? `${data.totals.revenue_usd} USD` : "…"} />
            <Stat label={`Orders, ${days} days`} value={data ? String(data.totals.orders) : "…"} />
            <Stat label="Pending now" value={data ? String(data.by_status.pending ?? 0) : "…"} />
            <Stat label="Refunded, all time" value={data ? String(data.by_status.refunded ?? 0) : "…"} />
          </dl>
          <div className="min-h-56 rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-2 text-sm font-medium text-slate-600">Revenue per day</h2>
            {data ? <RevenueChart series={data.series} /> : <Skeleton label="Loading" className="h-40" />}
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="mb-2 text-sm font-medium text-slate-600">Orders by status (all time)</h2>
              <ul className="space-y-1 text-sm">
                {Object.entries(data?.by_status ?? {}).map(([status, count]) => (
                  <li key={status} className="flex justify-between">
                    <StatusBadge status={status} />
                    <span className="tabular-nums">{count}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="mb-2 text-sm font-medium text-slate-600">By gateway, {days} days</h2>
              <table className="w-full text-sm">
                <thead className="text-left text-slate-500">
                  <tr>
                    <th scope="col" className="font-medium">
                      Gateway
                    </th>
                    <th scope="col" className="text-right font-medium">
                      Orders
                    </th>
                    <th scope="col" className="text-right font-medium">
                      Revenue
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data?.by_gateway.map((row) => (
                    <tr key={row.gateway}>
                      <td>{row.gateway}</td>
                      <td className="text-right tabular-nums">{row.orders}</td>
                      <td className="text-right tabular-nums">{row.revenue_usd} USD</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="mb-2 flex items-baseline justify-between">
              <h2 className="text-sm font-medium text-slate-600">Recent invoices</h2>
              <Link href={`/dashboard/${shopId}/invoices`} className="text-sm text-blue-700 hover:underline">
                All invoices
              </Link>
            </div>
            <ul className="divide-y divide-slate-100 text-sm">
              {data?.recent_invoices.map((invoice) => (
                <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <Link href={`/dashboard/${shopId}/invoices/${invoice.id}`} className="font-medium text-blue-700 hover:underline">
                    #{invoice.id}
                  </Link>
                  <span className="min-w-0 flex-1 truncate text-slate-600">{invoice.email}</span>
                  <StatusBadge status={invoice.status} />
                  <span className="tabular-nums">
                    {invoice.price} {invoice.currency}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </section>
  );
}
