"use client";
import { useState } from "react";
import { Button } from "@/components/button";
import { FormFooter } from "@/components/form-footer";
import { Field } from "@/components/field";
import { StatusNotice } from "@/components/notice";
import { StatusBadge } from "@/components/status-badge";
import type { Invoice, InvoiceItem } from "@/lib/client/hooks/invoices";
import { redoDynamicDeliverySchema, replaceDeliveredSchema } from "@/lib/invoices/action-schemas";
import { useInvoiceActionForm } from "./use-invoice-action-form";

type ItemProps = { shopId: string; invoice: Invoice; item: InvoiceItem; onDone: (message: string) => void };

/** The invoice's items with what each delivered; a delivered line can be replaced and a dynamic delivery run again. */
export function InvoiceItems({ shopId, invoice }: { shopId: string; invoice: Invoice }) {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <>
      <div aria-live="polite" className="mb-2 empty:mb-0">
        {message ? <StatusNotice>{message}</StatusNotice> : null}
      </div>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {invoice.items.map((item) => (
          <li key={item.id} className="space-y-2 p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">
                {item.product_name} · {item.variant_name} × {item.quantity}
              </span>
              <span className="tabular-nums text-slate-600">
                {item.total_price} {invoice.currency} <StatusBadge status={item.status} />
              </span>
            </div>
            <DeliveredLines shopId={shopId} invoice={invoice} item={item} onDone={setMessage} />
            {item.dynamic_last_error ? (
              <p className="text-sm text-red-700">Last dynamic delivery failed: {item.dynamic_last_error}</p>
            ) : null}
            {item.dynamic_attempts > 0 || item.dynamic_last_error ? (
              <RedoDynamicDelivery shopId={shopId} invoice={invoice} item={item} onDone={setMessage} />
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function DeliveredLines({ shopId, invoice, item, onDone }: ItemProps) {
  const [replacing, setReplacing] = useState<number | null>(null);
  if (!item.delivered.length) return <p className="text-sm text-slate-500">Nothing delivered yet.</p>;
  return (
    <ol className="max-h-48 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs" aria-label={`Delivered for item ${item.id}`}>
      {item.delivered.map((line, index) => (
        <li key={index}>
          <div className="flex items-center justify-between gap-2">
            <span className="break-all">{line}</span>
            <button
              type="button"
              className="shrink-0 rounded px-1 font-sans text-blue-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              aria-label={`Replace delivered line ${index + 1} of item ${item.id}`}
              aria-expanded={replacing === index}
              onClick={() => setReplacing(replacing === index ? null : index)}
            >
              Replace
            </button>
          </div>
          {replacing === index ? (
            <ReplaceLineForm
              shopId={shopId}
              invoice={invoice}
              item={item}
              index={index}
              onCancel={() => setReplacing(null)}
              onDone={(message) => {
                setReplacing(null);
                onDone(message);
              }}
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The customer gets the new line instead; the replaced serial stays sold. */
function ReplaceLineForm({ shopId, invoice, item, index, onDone, onCancel }: ItemProps & { index: number; onCancel: () => void }) {
  const line = `replacements.${index}` as const;
  const { form, submit } = useInvoiceActionForm(shopId, invoice.id, {
    action: "replace-delivered",
    schema: replaceDeliveredSchema,
    defaultValues: { invoice_item_id: item.id, replacements: { [index]: "" } },
    fields: ["invoice_item_id", "replacements", line],
    done: () => `Line ${index + 1} of item ${item.id} replaced.`,
    onDone,
  });
  const { errors, isSubmitting } = form.formState;
  // the API names a bad line `replacements.<index>`, a refused item `invoice_item_id`: both belong to this one input
  const error = ([line, "replacements", "invoice_item_id"] as const)
    .map((name) => form.getFieldState(name, form.formState).error?.message)
    .find((message) => typeof message === "string");
  return (
    <form onSubmit={submit} noValidate className="my-2 space-y-2 font-sans">
      <Field label={`Replace line ${index + 1} with`} autoFocus error={error} {...form.register(line)} />
      <FormFooter
        error={errors.root?.message}
        submitting={isSubmitting}
        submitLabel="Replace line"
        busyLabel="Replacing…"
        onCancel={onCancel}
      />
    </form>
  );
}

function RedoDynamicDelivery({ shopId, invoice, item, onDone }: ItemProps) {
  const { form, submit } = useInvoiceActionForm(shopId, invoice.id, {
    action: "redo-dynamic-delivery",
    schema: redoDynamicDeliverySchema,
    defaultValues: { invoice_item_id: item.id },
    confirm: () => "Call the dynamic delivery URL again? The receiver may deliver (and charge) again.",
    done: () => `Dynamic delivery of item ${item.id} run again.`,
    onDone,
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.invoice_item_id ?? errors.root;
  return (
    <form onSubmit={submit} noValidate className="space-y-1">
      <Button type="submit" variant="secondary" disabled={isSubmitting}>
        Redo dynamic delivery
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
