"use client";
import { useState, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { ErrorNotice, StatusNotice } from "@/components/notice";
import { SelectField } from "@/components/select-field";
import { TextareaField } from "@/components/textarea-field";
import { useInvoiceAction, type Invoice, type InvoiceAction } from "@/lib/client/hooks/invoices";
import {
  SETTABLE_STATUSES,
  dashboardNoteSchema,
  paidAmountSchema,
  resendEmailSchema,
  setStatusSchema,
  shipSchema,
} from "@/lib/invoices/action-schemas";
import { useInvoiceActionForm } from "./use-invoice-action-form";

type Outcome = { ok: boolean; text: string } | null;
type FormProps = { shopId: string; invoice: Invoice; onDone: (message: string) => void };

const link =
  "inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50";

/** Every action of an invoice; each answer replaces the invoice shown, and the outcome shows under the actions. */
export function InvoiceActions({ shopId, invoice }: { shopId: string; invoice: Invoice }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const onDone = (text: string) => setOutcome({ ok: true, text });
  const forms = { shopId, invoice, onDone };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <ActionButtons shopId={shopId} invoice={invoice} onOutcome={setOutcome} />
        <a className={link} href={`/v1/shops/${shopId}/invoices/${invoice.id}/pdf`} target="_blank" rel="noreferrer">
          PDF
        </a>
        <a className={link} href={`/v1/shops/${shopId}/invoices/${invoice.id}/email-preview`} target="_blank" rel="noreferrer">
          Email preview
        </a>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <StatusForm {...forms} />
        <ShipForm {...forms} />
        <PaidAmountForm {...forms} />
        <NoteForm {...forms} />
        <ResendEmailForm {...forms} />
      </div>

      <div aria-live="polite">
        {outcome ? outcome.ok ? <StatusNotice>{outcome.text}</StatusNotice> : <ErrorNotice>{outcome.text}</ErrorNotice> : null}
      </div>
    </div>
  );
}

/** The actions without a body: each is one click (and a confirmation where it cannot be undone lightly). */
function ActionButtons({ shopId, invoice, onOutcome }: { shopId: string; invoice: Invoice; onOutcome: (outcome: Outcome) => void }) {
  const action = useInvoiceAction(shopId, invoice.id);
  const run = (request: InvoiceAction, done: string, confirm?: string) => {
    if (confirm && !window.confirm(confirm)) return;
    onOutcome(null);
    action.mutate(request, {
      onSuccess: () => onOutcome({ ok: true, text: done }),
      onError: (error) => onOutcome({ ok: false, text: error.message }),
    });
  };
  const busy = action.isPending;

  return (
    <>
      {invoice.status === "pending" ? (
        <Button
          variant="danger"
          disabled={busy}
          onClick={() =>
            run({ action: "cancel" }, "Invoice cancelled.", "Cancel this invoice? A cancelled invoice cannot be paid or delivered.")
          }
        >
          Cancel
        </Button>
      ) : null}
      {invoice.status === "completed" ? (
        <Button
          variant="danger"
          disabled={busy}
          onClick={() => run({ action: "refund" }, "Invoice refunded.", "Refund this invoice? Delivered keys stay delivered.")}
        >
          Refund
        </Button>
      ) : null}
      {invoice.status === "completed" ? (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            run(
              { action: "refund", body: { to: "balance" } },
              "Invoice refunded to the customer's store credit.",
              "Refund this invoice to the customer's store credit? What they paid becomes credit they can spend in this shop.",
            )
          }
        >
          Refund to store credit
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
          run(
            { action: "reverse-affiliate-commission" },
            "Affiliate commission reversed.",
            "Take the affiliate's commission back? Their wallet may go below zero.",
          )
        }
      >
        Reverse affiliate commission
      </Button>
    </>
  );
}

/** The frame of one action form: its fields, the error that belongs to no field, and its submit button. */
function ActionForm<T extends FieldValues>({
  form,
  submit,
  label,
  children,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  submit: () => void;
  label: string;
  children: ReactNode;
}) {
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="space-y-2 rounded-lg border border-slate-200 p-3" onSubmit={submit} noValidate>
      {children}
      {errors.root ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {label}
      </Button>
    </form>
  );
}

function StatusForm({ shopId, invoice, onDone }: FormProps) {
  const { form, submit } = useInvoiceActionForm(shopId, invoice.id, {
    action: "status",
    schema: setStatusSchema,
    defaultValues: { status: "completed" },
    confirm: ({ status }) => `Set the status to ${status}?${status === "completed" ? " Completing delivers the items." : ""}`,
    done: ({ status }) => `Status set to ${status}.`,
    onDone,
  });
  return (
    <ActionForm form={form} submit={submit} label="Apply">
      <SelectField label="Set status" error={form.formState.errors.status?.message} {...form.register("status")}>
        {SETTABLE_STATUSES.map((status) => (
          <option key={status}>{status}</option>
        ))}
      </SelectField>
    </ActionForm>
  );
}

function ShipForm({ shopId, invoice, onDone }: FormProps) {
  const { form, submit } = useInvoiceActionForm(shopId, invoice.id, {
    action: "ship",
    schema: shipSchema,
    defaultValues: { tracking_code: invoice.tracking_code ?? "", tracking_link: invoice.tracking_link ?? "" },
    done: () => "Marked as shipped.",
    onDone,
  });
  const { errors } = form.formState;
  return (
    <ActionForm form={form} submit={submit} label="Ship">
      <Field label="Tracking code" maxLength={255} error={errors.tracking_code?.message} {...form.register("tracking_code")} />
      <Field label="Tracking link" type="url" maxLength={2048} error={errors.tracking_link?.message} {...form.register("tracking_link")} />
    </ActionForm>
  );
}

function PaidAmountForm({ shopId, invoice, onDone }: FormProps) {
  const { form, submit } = useInvoiceActionForm(shopId, invoice.id, {
    action: "paid-amount",
    method: "PUT",
    schema: paidAmountSchema,
    defaultValues: { paid: invoice.paid ?? invoice.price, paid_usd: invoice.paid_usd ?? invoice.price_usd },
    done: () => "Paid amount saved.",
    onDone,
  });
  const { errors } = form.formState;
  return (
    <ActionForm form={form} submit={submit} label="Save paid amount">
      <Field label={`Amount paid (${invoice.currency})`} inputMode="decimal" error={errors.paid?.message} {...form.register("paid")} />
      <Field label="Amount paid in USD" inputMode="decimal" error={errors.paid_usd?.message} {...form.register("paid_usd")} />
    </ActionForm>
  );
}

function NoteForm({ shopId, invoice, onDone }: FormProps) {
  const { form, submit } = useInvoiceActionForm(shopId, invoice.id, {
    action: "dashboard-note",
    method: "PUT",
    schema: dashboardNoteSchema,
    defaultValues: { dashboard_note: invoice.dashboard_note ?? "" },
    done: () => "Note saved.",
    onDone,
  });
  return (
    <ActionForm form={form} submit={submit} label="Save note">
      <TextareaField
        label="Private note"
        rows={3}
        maxLength={5000}
        error={form.formState.errors.dashboard_note?.message}
        {...form.register("dashboard_note")}
      />
    </ActionForm>
  );
}

function ResendEmailForm({ shopId, invoice, onDone }: FormProps) {
  const { form, submit } = useInvoiceActionForm(shopId, invoice.id, {
    action: "resend-email",
    schema: resendEmailSchema,
    defaultValues: { email: "" },
    done: () => "Delivery email queued.",
    onDone,
  });
  return (
    <ActionForm form={form} submit={submit} label="Resend email">
      <Field
        label="Resend the delivery email to"
        type="email"
        placeholder={invoice.email}
        maxLength={255}
        error={form.formState.errors.email?.message}
        {...form.register("email")}
      />
    </ActionForm>
  );
}
