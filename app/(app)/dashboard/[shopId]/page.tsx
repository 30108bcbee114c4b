"use client";
import { Skeleton } from "@/components/notice";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { PRESETS, RangePicker, presetRange, type HomeRange } from "@/components/home/range-picker";
import { RevenueChart } from "@/components/home/revenue-chart";
import { TopCustomers, TopProducts } from "@/components/home/top-lists";
import { GatewayName } from "@/components/invoices/gateway-name";
import { StatusBadge } from "@/components/status-badge";
import { formatAmount, formatCount } from "@/lib/client/money";
import { useShops } from "@/lib/client/hooks/account";
import { useAnalyticsGraph, useAnalyticsSummary, useTopCustomers, useTopProducts } from "@/lib/client/hooks/analytics";
import { useShopOverview } from "@/lib/client/hooks/stats";

const HOURLY_BELOW_MS = 3 * 86_400_000;

function Stat({ label, value, change }: { label: string; value: string; change?: number }) {
  return (
    // min-w-0 and wrap-anywhere: a large revenue wraps inside its card instead of widening the grid past a phone's screen
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums wrap-anywhere">{value}</dd>
      {change === undefined ? null : (
        <dd className={`text-xs tabular-nums ${change < 0 ? "text-red-700" : "text-green-700"}`}>
          {change > 0 ? "+" : ""}
          {change}% on the period before
        </dd>
      )}
    </div>
  );
}

export default function ShopHome() {
  const { shopId } = useParams<{ shopId: string }>();
  const [range, setRange] = useState<HomeRange>(() => presetRange(PRESETS[2]));
  // the all-time and per-gateway panels count whole days up to today
  const days = PRESETS.find((preset) => preset.key === range.key)?.days ?? 30;
  const shops = useShops();
  const overview = useShopOverview(shopId, days);
  const summary = useAnalyticsSummary(shopId, range.query);
  const graph = useAnalyticsGraph(shopId, range.query);
  const products = useTopProducts(shopId, range.query);
  const customers = useTopCustomers(shopId, range.query);
  const shop = shops.data?.find((candidate) => String(candidate.id) === shopId);
  const data = overview.data;
  const totals = summary.data;
  const currency = totals?.currency ?? "USD";
  const unit = totals && Date.parse(totals.end) - Date.parse(totals.start) < HOURLY_BELOW_MS ? "hour" : "day";
  const error = overview.error ?? summary.error ?? graph.error;

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{shop?.name ?? "Shop"}</h1>
        <RangePicker range={range} onChange={setRange} />
      </div>

      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {error.message}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat
              label={`Revenue, ${range.label}`}
              value={totals ? formatAmount(totals.revenue, currency) : "…"}
              change={totals?.revenueChange}
            />
            <Stat label={`Orders, ${range.label}`} value={totals ? formatCount(totals.orders) : "…"} change={totals?.ordersChange} />
            <Stat
              label={`Customers, ${range.label}`}
              value={totals ? formatCount(totals.customers) : "…"}
              change={totals?.customersChange}
            />
            <Stat label="Pending now" value={data ? formatCount(data.by_status.pending ?? 0) : "…"} />
          </dl>
          <div className="min-h-56 rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-2 text-sm font-medium text-slate-600">Revenue and orders per {unit}</h2>
            {graph.data ? (
              <RevenueChart points={graph.data} currency={currency} unit={unit} />
            ) : (
              <Skeleton label="Loading" className="h-40" />
            )}
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            {products.data ? (
              <TopProducts shopId={shopId} rows={products.data} currency={currency} />
            ) : (
              <Skeleton label="Loading" className="h-40" />
            )}
            {customers.error ? (
              <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-500">
                Top customers: {customers.error.message}
              </p>
            ) : customers.data ? (
              <TopCustomers shopId={shopId} rows={customers.data} currency={currency} />
            ) : (
              <Skeleton label="Loading" className="h-40" />
            )}
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
                    <tr key={row.gateway ?? ""}>
                      <td>
                        <GatewayName gateway={row.gateway} />
                      </td>
                      <td className="text-right tabular-nums">{row.orders}</td>
                      <td className="text-right tabular-nums wrap-anywhere">{row.revenue_usd} USD</td>
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
