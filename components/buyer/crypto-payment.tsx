"use client";
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import type { BuyerInvoiceView } from "@/lib/checkout/schemas";
import { usePaymentQr, useRefreshBuyerInvoice } from "@/lib/client/hooks/buyer";

type Payment = BuyerInvoiceView["payment"];
/** A pending crypto payment with its quote. */
type Quoted = Payment & { coin: string; coin_amount: string; address: string; payment_uri: string; quote_expires_at: string };

export function isQuoted(payment: Payment): payment is Quoted {
  return !!(payment.coin && payment.coin_amount && payment.address && payment.payment_uri && payment.quote_expires_at);
}

/** Seconds until `deadline`, ticking each second; 0 once it has passed. */
function useSecondsLeft(deadline: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));
}

function Countdown({ uniqueId, deadline }: { uniqueId: string; deadline: string }) {
  const seconds = useSecondsLeft(deadline);
  const refresh = useRefreshBuyerInvoice(uniqueId);
  const lapsed = seconds === 0;
  useEffect(() => {
    if (lapsed) void refresh();
  }, [lapsed, refresh]);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return (
    <p className="text-sm text-slate-600" data-testid="quote-countdown">
      {lapsed ? (
        <span role="status">The quote has lapsed: getting a new amount…</span>
      ) : (
        <>
          This amount holds for{" "}
          <time role="timer" dateTime={`PT${seconds}S`} className="font-medium tabular-nums text-slate-900">
            {clock}
          </time>
          ; after that the page shows a new one.
        </>
      )}
    </p>
  );
}

function PaymentQr({ uri, coin }: { uri: string; coin: string }) {
  const qr = usePaymentQr(uri);
  return (
    <div
      role="img"
      aria-label={`QR code of the ${coin} payment: the address and the amount, for a wallet app to scan`}
      data-testid="payment-qr"
      className="mx-auto size-48 rounded bg-white [&>svg]:size-full"
      // The package's own SVG of our URI (lib/client/hooks/buyer.ts), not text from elsewhere.
      dangerouslySetInnerHTML={qr.data ? { __html: qr.data } : undefined}
    />
  );
}

/** What a buyer paying in BTC/LTC needs: the amount in the coin and the address (each copyable), the quote's time left, a wallet link and its QR code. */
export function CryptoPayment({ invoice, payment }: { invoice: BuyerInvoiceView; payment: Quoted }) {
  return (
    <div className="space-y-4">
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-slate-500">Amount ({payment.coin})</dt>
          <dd className="flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-slate-50 px-2 py-1 font-mono text-base" data-testid="pay-coin-amount">
              {payment.coin_amount}
            </code>
            <CopyButton text={payment.coin_amount} ariaLabel={`Copy the amount in ${payment.coin}`} />
          </dd>
          <dd className="mt-1 text-xs text-slate-500">
            {invoice.total} {invoice.currency} at 1 {payment.coin} = {payment.rate} {invoice.currency}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Address</dt>
          <dd className="flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-slate-50 px-2 py-1 font-mono" data-testid="pay-address">
              {payment.address}
            </code>
            <CopyButton text={payment.address} ariaLabel="Copy the address" />
          </dd>
        </div>
      </dl>
      <Countdown uniqueId={invoice.unique_id} deadline={payment.quote_expires_at} />
      <PaymentQr uri={payment.payment_uri} coin={payment.coin} />
      <a
        href={payment.payment_uri}
        className="block rounded-md bg-slate-900 px-4 py-3 text-center font-medium text-white hover:bg-slate-700"
        data-testid="payment-uri"
      >
        Open in a wallet app
      </a>
    </div>
  );
}
