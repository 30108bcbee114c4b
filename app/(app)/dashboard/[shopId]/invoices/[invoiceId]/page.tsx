"use client";
import { Skeleton } from "@/components/notice";
import Link from "next/link";
import { useParams } from "next/navigation";
import { InvoiceActions } from "@/components/invoices/invoice-actions";
import { InvoiceItems } from "@/components/invoices/invoice-items";
import { StatusBadge } from "@/components/status-badge";
import { useInvoice } from "@/lib/client/hooks/invoices";

/** The fields a seller reads first, then every other field of the single view. */
const FIRST = [
  "email",
  "price",
  "price_usd",
  "paid",
  "paid_usd",
  "refunded_amount",
  "gateway",
  "gateway_fee",
  "created_at",
  "completed_at",
  "customer_id",
  "coupon_id",
  "ip",
  "user_agent",
];
const SHOWN_ELSEWHERE = new Set([
  "id",
  "unique_id",
  "status",
  "product",
  "variant",
  "items",
  "custom_fields",
  "delivered",
  "currency",
  "archived",
  "manual",
]);

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export default function InvoicePage() {
  const { shopId, invoiceId } = useParams<{ shopId: string; invoiceId: string }>();
  const invoice = useInvoice(shopId, invoiceId);

  if (invoice.error) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
        {invoice.error.message}
      </p>
    );
  }
  if (!invoice.data) return <Skeleton label="Loading invoice" className="h-96" />;
  const data = invoice.data;
  const rest = Object.keys(data).filter((key) => !FIRST.includes(key) && !SHOWN_ELSEWHERE.has(key));

  return (
    <section className="space-y-6">
      <div>
        <Link href={`/dashboard/${shopId}/invoices`} className="text-sm text-blue-700 hover:underline">
          ← Invoices
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">Invoice #{data.id}</h1>
          <StatusBadge status={data.status} />
          {data.archived ? <span className="text-sm text-slate-500">Archived</span> : null}
          {data.manual ? <span className="text-sm text-slate-500">Manual</span> : null}
        </div>
        <p className="font-mono text-sm text-slate-500">{data.unique_id}</p>
      </div>

      <InvoiceActions key={data.id} shopId={shopId} invoice={data} />

      <div>
        <h2 className="mb-2 text-lg font-semibold">Items</h2>
        <InvoiceItems shopId={shopId} invoice={data} />
      </div>

      {data.custom_fields.length ? (
        <div>
          <h2 className="mb-2 text-lg font-semibold">Custom fields</h2>
          <dl className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm sm:grid-cols-2">
            {data.custom_fields.map((field) => (
              <div key={field.id}>
                <dt className="text-slate-500">{field.name}</dt>
                <dd>{show(field.pivot.value)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}

      <div>
        <h2 className="mb-2 text-lg font-semibold">Details</h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {[...FIRST, ...rest].map((key) => (
            <div key={key} className="min-w-0">
              <dt className="text-slate-500">{key}</dt>
              <dd className="break-words">{show((data as Record<string, unknown>)[key])}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
