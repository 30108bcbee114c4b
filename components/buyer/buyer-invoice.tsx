"use client";
import { Button } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { StatusBadge } from "@/components/status-badge";
import { gatewayFeeLine } from "@/lib/checkout/gateway-fee-line";
import type { BuyerInvoiceView } from "@/lib/checkout/schemas";
import { KeyList } from "@/components/key-list";
import { ApiRequestError } from "@/lib/client/api";
import { useChooseGateway } from "@/lib/client/hooks/buyer";
import { FeedbackSection, SupportSection } from "./after-sale";
import { CryptoPayment, isQuoted } from "./crypto-payment";

function allKeys(invoice: BuyerInvoiceView): string[] {
  return invoice.items.flatMap((item) => item.delivered);
}

/** Saves the keys as order-<unique_id>-keys.txt, made in the page (the keys are already here). */
function downloadKeys(invoice: BuyerInvoiceView) {
  const blob = new Blob([`${allKeys(invoice).join("\n")}\n`], { type: "text/plain;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `order-${invoice.unique_id}-keys.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-semibold" : "text-slate-600"}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** An invoice whose checkout named no gateway: the methods the buyer may pay with, one button each. */
function GatewayChoices({ invoice }: { invoice: BuyerInvoiceView }) {
  const choose = useChooseGateway(invoice.unique_id);
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Payment methods" className="flex flex-wrap gap-2">
        {invoice.payment.choices.map((choice) => (
          <Button key={choice.gateway} disabled={choose.isPending} onClick={() => choose.mutate(choice.gateway)}>
            {choice.name}
            {choice.total !== invoice.total ? ` · ${choice.total} ${invoice.currency}` : null}
          </Button>
        ))}
      </div>
      {choose.error ? (
        <p role="alert" className="text-sm text-red-700">
          {(choose.error instanceof ApiRequestError ? choose.error.fieldErrors.gateway?.[0] : null) ?? choose.error.message}
        </p>
      ) : null}
    </div>
  );
}

function Payment({ invoice }: { invoice: BuyerInvoiceView }) {
  const { payment } = invoice;
  return (
    <section aria-labelledby="payment-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="payment-heading" className="font-semibold">
        {invoice.status === "pending" ? "How to pay" : "Payment"}
      </h2>
      <p className="text-sm text-slate-600">{payment.note}</p>
      {invoice.status === "pending" && payment.choices.length ? <GatewayChoices invoice={invoice} /> : null}
      {payment.url ? (
        <a href={payment.url} className="block rounded-md bg-slate-900 px-4 py-3 text-center font-medium text-white hover:bg-slate-700">
          Pay {invoice.total} {invoice.currency} by card
        </a>
      ) : null}
      {invoice.status === "pending" && isQuoted(payment) ? <CryptoPayment invoice={invoice} payment={payment} /> : null}
    </section>
  );
}

function Keys({ invoice }: { invoice: BuyerInvoiceView }) {
  const keys = allKeys(invoice);
  return (
    <section aria-labelledby="keys-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="keys-heading" className="font-semibold">
          Your items
        </h2>
        <div className="flex gap-2">
          <CopyButton text={keys.join("\n")} label="Copy all" />
          <Button variant="secondary" className="px-2 py-1 text-xs" disabled={!keys.length} onClick={() => downloadKeys(invoice)}>
            Download .txt
          </Button>
        </div>
      </div>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {invoice.items.map((item, itemIndex) => (
          <li key={itemIndex} className="space-y-2 p-3">
            <p className="font-medium [overflow-wrap:anywhere]">
              {item.product_name} · {item.variant_name}
            </p>
            {item.deliverables_label ? <p className="text-sm text-slate-600">{item.deliverables_label}</p> : null}
            <KeyList productName={item.product_name} variantName={item.variant_name} keys={item.delivered} />
            {item.instructions ? (
              <div className="rounded border border-slate-200 bg-slate-50 p-2 text-sm">
                <p className="font-medium">Instructions</p>
                {/* the seller's HTML, sanitised by the server (lib/html/seller-html.ts) */}
                <div className="storefront-prose" dangerouslySetInnerHTML={{ __html: item.instructions }} />
              </div>
            ) : null}
            {item.status === "pending" ? (
              <p className="text-sm text-amber-800" role="status">
                {item.quantity - item.delivered.length} still being delivered; this page updates by itself.
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The whole order as the buyer sees it. */
export function BuyerInvoice({ invoice }: { invoice: BuyerInvoiceView }) {
  const money = (amount: string) => `${amount} ${invoice.currency}`;
  const feeLine = gatewayFeeLine(invoice.gateway_fee);
  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <p className="text-sm text-slate-500">{invoice.shop_name}</p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold">Order {invoice.unique_id}</h1>
          <span aria-live="polite" data-testid="order-status">
            <StatusBadge status={invoice.status} />
          </span>
        </div>
        <p className="text-sm text-slate-500 [overflow-wrap:anywhere]">For {invoice.email}</p>
      </header>

      <section aria-labelledby="order-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="order-heading" className="sr-only">
          What you ordered
        </h2>
        <ul className="space-y-2">
          {invoice.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-4 text-sm">
              <span className="[overflow-wrap:anywhere]">
                {item.product_name} · {item.variant_name} × {item.quantity}
              </span>
              <span className="tabular-nums">{money(item.subtotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm">
          <Row label="Subtotal" value={money(invoice.subtotal)} />
          {invoice.promotion_discount !== "0.00" ? <Row label="Deals" value={`−${money(invoice.promotion_discount)}`} /> : null}
          {invoice.coupon_code ? <Row label={`Coupon ${invoice.coupon_code}`} value={`−${money(invoice.coupon_discount)}`} /> : null}
          {feeLine ? <Row label={feeLine.label} value={money(feeLine.amount)} /> : null}
          <Row label="Total" value={money(invoice.total)} strong />
        </dl>
      </section>

      {invoice.status === "completed" ? <Keys invoice={invoice} /> : <Payment invoice={invoice} />}
      <FeedbackSection invoice={invoice} />
      <SupportSection invoice={invoice} />
      {invoice.redirect_url ? (
        // the seller's page after payment: a link the buyer follows once the keys are copied (never an automatic jump away from them)
        <p className="text-center">
          <a
            href={invoice.redirect_url}
            rel="nofollow noopener noreferrer"
            className="font-medium text-blue-700 underline"
            data-testid="redirect-link"
          >
            Continue to the seller&apos;s page
          </a>
        </p>
      ) : null}
    </div>
  );
}
