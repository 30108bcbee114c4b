"use client";
import { Button } from "@/components/button";
import type { ResellerInvoice } from "@/lib/client/hooks/reseller";
import { CopyButton } from "@/components/copy-button";
import { KeyList } from "@/components/key-list";

/** Every delivered line of an invoice, one per line: what "copy all" and the .txt download hold. */
export function allDelivered(invoice: ResellerInvoice): string[] {
  return invoice.items.flatMap((item) => item.delivered);
}

/** Saves the delivered keys as invoice-<id>-keys.txt, made in the page (the keys are already here). */
export function downloadKeys(invoice: ResellerInvoice) {
  const blob = new Blob([`${allDelivered(invoice).join("\n")}\n`], { type: "text/plain;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `invoice-${invoice.id}-keys.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/** The delivered keys of one invoice: each with its own copy button, plus copy all and download. */
export function DeliveredKeys({ invoice }: { invoice: ResellerInvoice }) {
  const lines = allDelivered(invoice);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <CopyButton text={lines.join("\n")} label={`Copy all ${lines.length} keys`} />
        <Button variant="secondary" className="px-2 py-1 text-xs" disabled={!lines.length} onClick={() => downloadKeys(invoice)}>
          Download .txt
        </Button>
      </div>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {invoice.items.map((item, itemIndex) => (
          <li key={itemIndex} className="space-y-2 p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium [overflow-wrap:anywhere]">
                {item.product_name} · {item.variant_name} × {item.quantity}
              </span>
              <span className="text-sm tabular-nums text-slate-600">${item.total_price_usd.toFixed(2)}</span>
            </div>
            {item.delivered.length ? (
              <KeyList productName={item.product_name} variantName={item.variant_name} keys={item.delivered} />
            ) : null}
            {item.status === "pending" ? (
              <p className="flex items-center gap-2 text-sm text-amber-800" role="status">
                <span className="h-2 w-2 animate-pulse rounded-full bg-amber-500" aria-hidden />
                {item.quantity - item.delivered.length} waiting for delivery; this page updates by itself.
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
