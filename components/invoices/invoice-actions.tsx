"use client";
import { useState } from "react";
import { Button } from "@/components/button";
import { ApiRequestError } from "@/lib/client/api";
import { useInvoiceAction, type Invoice, type InvoiceAction } from "@/lib/client/hooks/invoices";
import { STATUSES } from "./invoice-filters";

const input =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500";

/** Every action of an invoice; each answer replaces the invoice shown, and errors show beside the actions. */
export function InvoiceActions({ shopId, invoice }: { shopId: string; invoice: Invoice }) {
  const action = useInvoiceAction(shopId, String(invoice.id));
  const [status, setStatus] = useState("completed");
  const [tracking, setTracking] = useState({ tracking_code: invoice.tracking_code ?? "", tracking_link: invoice.tracking_link ?? "" });
  const [note, setNote] = useState(invoice.dashboard_note ?? "");
  const [resendTo, setResendTo] = useState("");
  const [paid, setPaid] = useState({ paid: invoice.paid ?? invoice.price, paid_usd: invoice.paid_usd ?? invoice.price_usd });
  const [message, setMessage] = useState<string | null>(null);

  const run = (request: InvoiceAction, done: string) => {
    setMessage(null);
    action.mutate(request, { onSuccess: () => setMessage(done) });
  };
  const error = action.error instanceof ApiRequestError ? action.error : null;
  const busy = action.isPending;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {invoice.status === "pending" ? (
          <Button
            variant="danger"
            disabled={busy}
            onClick={() =>
              window.confirm("Cancel this invoice? A cancelled invoice cannot be paid or delivered.") &&
              run({ action: "cancel" }, "Invoice cancelled.")
            }
          >
            Cancel
          </Button>
        ) : null}
        {invoice.status === "completed" ? (
          <Button
            variant="danger"
            disabled={busy}
            onClick={() =>
              window.confirm("Refund this invoice? Delivered keys stay delivered.") && run({ action: "refund" }, "Invoice refunded.")
            }
          >
            Refund
          </Button>
        ) : null}
        {invoice.status === "refunded" ? (
          <Button variant="secondary" disabled={busy} onClick={() => run({ action: "unrefund" }, "Refund undone.")}>
            Undo refund
          </Button>
        ) : null}
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            run({ action: invoice.archived ? "unarchive" : "archive" }, invoice.archived ? "Invoice unarchived." : "Invoice archived.")
          }
        >
          {invoice.archived ? "Unarchive" : "Archive"}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => run({ action: "deliver" }, "Delivery run.")}>
          Deliver
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            window.confirm("Take the affiliate's commission back? Their wallet may go below zero.") &&
            run({ action: "reverse-affiliate-commission" }, "Affiliate commission reversed.")
          }
        >
          Reverse affiliate commission
        </Button>
        <a
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          href={`/v1/shops/${shopId}/invoices/${invoice.id}/pdf`}
          target="_blank"
          rel="noreferrer"
        >
          PDF
        </a>
        <a
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          href={`/v1/shops/${shopId}/invoices/${invoice.id}/email-preview`}
          target="_blank"
          rel="noreferrer"
        >
          Email preview
        </a>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <form
          className="rounded-lg border border-slate-200 p-3"
          onSubmit={(e) => (
            e.preventDefault(),
            window.confirm(`Set the status to ${status}?${status === "completed" ? " Completing delivers the items." : ""}`) &&
              run({ action: "status", body: { status } }, `Status set to ${status}.`)
          )}
        >
          <label className="block text-sm font-medium text-slate-700">
            Set status
            <select className={input} value={status} onChange={(e) => setStatus(e.target.value)}>
              {STATUSES.filter((s) => s !== "pending").map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
          <Button type="submit" className="mt-2" disabled={busy}>
            Apply
          </Button>
        </form>
        <form
          className="rounded-lg border border-slate-200 p-3"
          onSubmit={(e) => (e.preventDefault(), run({ action: "ship", body: tracking }, "Marked as shipped."))}
        >
          <label className="block text-sm font-medium text-slate-700">
            Tracking code
            <input
              className={input}
              value={tracking.tracking_code}
              maxLength={255}
              onChange={(e) => setTracking({ ...tracking, tracking_code: e.target.value })}
            />
          </label>
          <label className="mt-2 block text-sm font-medium text-slate-700">
            Tracking link
            <input
              className={input}
              type="url"
              value={tracking.tracking_link}
              maxLength={2048}
              onChange={(e) => setTracking({ ...tracking, tracking_link: e.target.value })}
            />
          </label>
          <Button type="submit" className="mt-2" disabled={busy}>
            Ship
          </Button>
        </form>
        <form
          className="rounded-lg border border-slate-200 p-3"
          onSubmit={(e) => (
            e.preventDefault(),
            run({ action: "paid-amount", method: "PUT", body: { paid: paid.paid, paid_usd: paid.paid_usd } }, "Paid amount saved.")
          )}
        >
          <label className="block text-sm font-medium text-slate-700">
            Amount paid ({invoice.currency})
            <input className={input} inputMode="decimal" value={paid.paid} onChange={(e) => setPaid({ ...paid, paid: e.target.value })} />
          </label>
          <label className="mt-2 block text-sm font-medium text-slate-700">
            Amount paid in USD
            <input
              className={input}
              inputMode="decimal"
              value={paid.paid_usd}
              onChange={(e) => setPaid({ ...paid, paid_usd: e.target.value })}
            />
          </label>
          <Button type="submit" className="mt-2" disabled={busy}>
            Save paid amount
          </Button>
        </form>
        <form
          className="rounded-lg border border-slate-200 p-3"
          onSubmit={(e) => (
            e.preventDefault(),
            run({ action: "dashboard-note", method: "PUT", body: { dashboard_note: note || null } }, "Note saved.")
          )}
        >
          <label className="block text-sm font-medium text-slate-700">
            Private note
            <textarea className={input} rows={3} value={note} maxLength={5000} onChange={(e) => setNote(e.target.value)} />
          </label>
          <Button type="submit" className="mt-2" disabled={busy}>
            Save note
          </Button>
        </form>
        <form
          className="rounded-lg border border-slate-200 p-3"
          onSubmit={(e) => (
            e.preventDefault(),
            run({ action: "resend-email", body: resendTo ? { email: resendTo } : {} }, "Delivery email queued.")
          )}
        >
          <label className="block text-sm font-medium text-slate-700">
            Resend the delivery email to
            <input
              className={input}
              type="email"
              placeholder={invoice.email}
              value={resendTo}
              maxLength={255}
              onChange={(e) => setResendTo(e.target.value)}
            />
          </label>
          <Button type="submit" className="mt-2" disabled={busy}>
            Resend email
          </Button>
        </form>
      </div>

      <div aria-live="polite">
        {error ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {error.message}
          </div>
        ) : message ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
