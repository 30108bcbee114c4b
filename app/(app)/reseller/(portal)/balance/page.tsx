"use client";
import { Skeleton } from "@/components/notice";
import Link from "next/link";
import { Suspense } from "react";
import { Pagination } from "@/components/pagination";
import { TierProgress } from "@/components/reseller/tier-progress";
import { useLedger, useResellerBalance, type LedgerEntry } from "@/lib/client/hooks/reseller";
import { formatMoney } from "@/lib/client/money";
import { useUrlState } from "@/lib/client/use-url-state";
import { resellerPageQuery } from "@/lib/reseller/schemas";
import { TableScroller } from "@/components/table-scroller";

const KINDS: Record<LedgerEntry["kind"], string> = { credit: "Credit", charge: "Charge", adjustment: "Adjustment", refund: "Refund" };

function Ledger() {
  const { values, setFilters } = useUrlState(resellerPageQuery.in);
  const ledger = useLedger(values.page ?? 1);

  if (ledger.error) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
        {ledger.error.message}
      </p>
    );
  }
  if (!ledger.data) return <Skeleton label="Loading the ledger" className="h-96" />;
  if (!ledger.data.data.length)
    return <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">No credits or charges yet.</p>;
  return (
    <>
      <TableScroller>
        <table className="min-w-full text-sm">
          <caption className="sr-only">Credits and charges, newest first</caption>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Date
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Entry
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Balance after
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {ledger.data.data.map((entry) => (
              <tr key={entry.id} data-testid="ledger-entry">
                <td className="whitespace-nowrap px-4 py-2 text-slate-600">
                  <span className="block">{new Date(entry.created_at).toLocaleDateString()}</span>
                  <span className="block text-xs">{new Date(entry.created_at).toLocaleTimeString()}</span>
                </td>
                <td className="px-4 py-2">
                  <span className="block font-medium">{KINDS[entry.kind] ?? entry.kind}</span>
                  {entry.invoice ? (
                    <Link href={`/reseller/orders/${entry.invoice.id}`} className="whitespace-nowrap text-emerald-800 hover:underline">
                      Order #{entry.invoice.id}
                    </Link>
                  ) : (
                    <span className="text-slate-600">{entry.reason}</span>
                  )}
                </td>
                <td
                  className={`whitespace-nowrap px-4 py-2 text-right tabular-nums ${entry.amount_usd < 0 ? "text-red-700" : "text-emerald-800"}`}
                >
                  {entry.amount_usd > 0 ? "+" : ""}
                  {formatMoney(entry.amount_usd)}
                </td>
                <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{formatMoney(entry.balance_after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <Pagination envelope={ledger.data} onPage={(next) => setFilters({ page: next })} />
    </>
  );
}

export default function BalancePage() {
  const balance = useResellerBalance();
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold">Balance &amp; tier</h1>
      {balance.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {balance.error.message}
        </p>
      ) : !balance.data ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton label="Loading the balance" className="h-44" />
          <Skeleton label="Loading" className="h-44" />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-sm font-medium text-slate-500">Balance</h2>
            <p className="text-3xl font-semibold tabular-nums" data-testid="balance">
              {formatMoney(balance.data.balance)}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-slate-500">Spent so far</dt>
                <dd className="tabular-nums">{formatMoney(balance.data.total_spent_usd)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Orders</dt>
                <dd className="tabular-nums">{balance.data.total_orders.toLocaleString()}</dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-500">The shop&apos;s seller adds credit to your balance.</p>
          </div>
          <TierProgress balance={balance.data} />
        </div>
      )}
      <div className="space-y-3">
        <h2 className="text-lg font-semibold">Credits and charges</h2>
        <Suspense fallback={<Skeleton label="Loading" className="h-96" />}>
          <Ledger />
        </Suspense>
      </div>
    </section>
  );
}
