"use client";
import { Skeleton } from "@/components/notice";
import Link from "next/link";
import { useParams, useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { DeliveredKeys } from "@/components/reseller/delivered-keys";
import { StatusBadge } from "@/components/status-badge";
import { useResellerInvoice } from "@/lib/client/hooks/reseller";
import { formatMoney } from "@/lib/client/money";

function OrderView() {
  const { invoiceId } = useParams<{ invoiceId: string }>();
  const justBought = useSearchParams().get("bought") === "1";
  const invoice = useResellerInvoice(invoiceId);

  return (
    <section className="space-y-5">
      <Link href="/reseller/orders" className="text-sm text-emerald-800 hover:underline">
        ← Orders
      </Link>
      {invoice.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {invoice.error.message}
        </p>
      ) : !invoice.data ? (
        <Skeleton label="Loading the order" className="h-80" />
      ) : (
        <>
          {justBought ? (
            <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
              Bought for {formatMoney(invoice.data.total_usd)}, charged to your balance.
            </p>
          ) : null}
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold">Order #{invoice.data.id}</h1>
              <StatusBadge status={invoice.data.status} />
            </div>
            <p className="break-all font-mono text-sm text-slate-500">{invoice.data.unique_id}</p>
          </div>
          <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">Total</dt>
              <dd className="tabular-nums">{formatMoney(invoice.data.total_usd)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Source</dt>
              <dd>{invoice.data.source === "dynamic" ? "Dynamic delivery" : "API / portal"}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Ordered</dt>
              <dd>{new Date(invoice.data.created_at).toLocaleString()}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Completed</dt>
              <dd>{invoice.data.completed_at ? new Date(invoice.data.completed_at).toLocaleString() : "—"}</dd>
            </div>
          </dl>
          <div>
            <h2 className="mb-2 text-lg font-semibold">Delivered keys</h2>
            <DeliveredKeys invoice={invoice.data} />
          </div>
        </>
      )}
    </section>
  );
}

export default function OrderPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading" className="h-80" />}>
      <OrderView />
    </Suspense>
  );
}
