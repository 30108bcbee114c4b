import type { FormEventHandler } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/components/button";
import { Field } from "@/components/field";

/**
 * A credit (positive) or debit (negative) of a balance with the note its
 * ledger keeps: a reseller's balance and a customer's store credit. The
 * form's state stays with its owner (its own schema and mutation).
 */
export function BalanceForm({
  label,
  amountLabel,
  noteLabel,
  amount,
  note,
  errors,
  submitting,
  onSubmit,
}: {
  label: string;
  amountLabel: string;
  noteLabel: string;
  amount: UseFormRegisterReturn;
  note: UseFormRegisterReturn;
  errors: { amount?: string; note?: string; root?: string };
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="flex flex-col gap-3 rounded-md bg-slate-50 p-3 sm:flex-row sm:items-start"
    >
      <Field label={amountLabel} inputMode="decimal" className="sm:w-56" error={errors.amount} {...amount} />
      <Field label={noteLabel} className="flex-1" error={errors.note} {...note} />
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" disabled={submitting}>
          {submitting ? "Saving…" : "Save"}
        </Button>
      </div>
      {errors.root ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root}
        </p>
      ) : null}
    </form>
  );
}
