"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { showApiErrors } from "@/lib/client/form-errors";
import { useResellerAction, type ShopReseller } from "@/lib/client/hooks/resellers";
import { adjustBalanceSchema, type AdjustBalanceInput } from "@/lib/reseller/schemas";

/** Credit (positive) or debit (negative) a reseller's balance, with the reason the reseller sees in its ledger. */
export function AdjustBalanceForm({
  shopId,
  reseller,
  onDone,
}: {
  shopId: string;
  reseller: ShopReseller;
  onDone: (message: string) => void;
}) {
  const action = useResellerAction(shopId);
  const form = useForm<z.input<typeof adjustBalanceSchema>, unknown, AdjustBalanceInput>({
    resolver: zodResolver(adjustBalanceSchema),
    defaultValues: { amount: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      const updated = await action.mutateAsync({ resellerId: reseller.id, action: "balance", body });
      onDone(`${reseller.email}: balance is now $${updated.balance.toFixed(2)}.`);
    } catch (error) {
      showApiErrors(error, form.setError, ["amount", "reason"]);
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Adjust the balance of ${reseller.email}`}
      className="flex flex-col gap-3 rounded-md bg-slate-50 p-3 sm:flex-row sm:items-start"
    >
      <Field
        label="Amount (USD, negative to debit)"
        inputMode="decimal"
        className="sm:w-56"
        error={errors.amount?.message}
        {...form.register("amount")}
      />
      <Field label="Reason" className="flex-1" error={errors.reason?.message} {...form.register("reason")} />
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
      {errors.root ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
    </form>
  );
}
