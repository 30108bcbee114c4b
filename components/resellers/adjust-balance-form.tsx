"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { BalanceForm } from "@/components/balance-form";
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
    <BalanceForm
      label={`Adjust the balance of ${reseller.email}`}
      amountLabel="Amount (USD, negative to debit)"
      noteLabel="Reason"
      amount={form.register("amount")}
      note={form.register("reason")}
      errors={{ amount: errors.amount?.message, note: errors.reason?.message, root: errors.root?.message }}
      submitting={isSubmitting}
      onSubmit={submit}
    />
  );
}
