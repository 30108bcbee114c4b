"use client";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { StoreCredit } from "@/components/customers/store-credit";
import { InvoiceTable } from "@/components/invoices/invoice-table";
import { ErrorNotice, Skeleton } from "@/components/notice";
import { OutcomeNotice, QueryView, type Outcome } from "@/components/query-view";
import { useCustomer, useSetBanned } from "@/lib/client/hooks/customers";
import { useInvoices } from "@/lib/client/hooks/invoices";

/** One customer: totals, ban/unban, store credit, and their invoices (the invoice list filtered by `customer_id`). */
export default function CustomerPage() {
  const { shopId, customerId } = useParams<{ shopId: string; customerId: string }>();
  const customer = useCustomer(shopId, customerId);
  const setBanned = useSetBanned(shopId);
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<{ column: string; direction: "asc" | "desc" }>({ column: "id", direction: "desc" });
  const invoices = useInvoices(shopId, {
    customer_id: customerId,
    page: String(page),
    orderColumn: order.column,
    orderDirection: order.direction,
  });
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (customer.error) return <ErrorNotice>{customer.error.message}</ErrorNotice>;
  if (!customer.data) return <Skeleton label="Loading customer" />;
  const { email, banned, invoices_count, total_spent, created_at, username, tags, note, discord_user_id, newsletter, newsletter_at } =
    customer.data;

  return (
    <section className="space-y-4">
      <Link href={`/dashboard/${shopId}/customers`} className="text-sm text-blue-700 hover:underline">
        ← Customers
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold break-all">{email}</h1>
        <Button
          variant={banned ? "secondary" : "danger"}
          disabled={setBanned.isPending}
          onClick={() =>
            setBanned.mutate(
              { id: customer.data.id, banned: !banned },
              {
                onSuccess: (saved) => setOutcome({ ok: true, text: saved.banned ? "Customer banned." : "Customer unbanned." }),
                onError: (error) => setOutcome({ ok: false, text: error.message }),
              },
            )
          }
        >
          {banned ? "Unban customer" : "Ban customer"}
        </Button>
      </div>
      <OutcomeNotice outcome={outcome} />
      <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Status</dt>
          <dd className={banned ? "font-medium text-red-700" : "font-medium"}>{banned ? "Banned" : "Active"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Invoices</dt>
          <dd className="font-medium">{invoices_count}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Spent (USD)</dt>
          <dd className="font-medium">{total_spent}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Customer since</dt>
          <dd className="font-medium">{new Date(created_at).toLocaleDateString()}</dd>
        </div>
      </dl>
      {username || tags.length || note || discord_user_id || newsletter ? (
        <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Username</dt>
            <dd className="font-medium break-all">{username ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Tags</dt>
            <dd className="font-medium">{tags.length ? tags.join(", ") : "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Note</dt>
            <dd className="whitespace-pre-wrap break-words">{note ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Discord user id</dt>
            <dd className="font-medium break-all">{discord_user_id ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Newsletter</dt>
            <dd className="font-medium">
              {newsletter && newsletter_at ? `Agreed ${new Date(newsletter_at).toLocaleDateString()}` : newsletter ? "Agreed" : "No"}
            </dd>
          </div>
        </dl>
      ) : null}
      <StoreCredit shopId={shopId} customer={customer.data} />
      <h2 className="text-lg font-semibold">Invoices</h2>
      <QueryView query={invoices} loading="Loading invoices" height="h-48" empty="No invoices yet." onPage={setPage}>
        {(rows) => (
          <InvoiceTable
            shopId={shopId}
            invoices={rows}
            sort={{ ...order, onSort: (column, direction) => setOrder({ column, direction }) }}
          />
        )}
      </QueryView>
    </section>
  );
}
