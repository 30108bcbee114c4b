"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { BalanceForm } from "@/components/balance-form";
import { DataTable, type Column } from "@/components/data-table";
import { QueryView } from "@/components/query-view";
import { showApiErrors } from "@/lib/client/form-errors";
import { useBalanceEntries, useChangeBalance, type Customer } from "@/lib/client/hooks/customers";
import { balanceChangeSchema, type BalanceChangeInput, type BalanceEntryView } from "@/lib/customers/schemas";

const money = (value: number) => value.toFixed(2);

const KIND_LABELS: Record<BalanceEntryView["kind"], string> = {
  adjustment: "Adjustment",
  payment: "Checkout",
  refund: "Refund",
  refund_reversal: "Refund undone",
};

const COLUMNS: Column<BalanceEntryView>[] = [
  { key: "date", header: "Date", cell: (entry) => new Date(entry.created_at).toLocaleString() },
  {
    key: "change",
    header: "Change",
    cell: (entry) => (
      <span className={entry.amount < 0 ? "text-red-700" : "text-green-700"}>
        {entry.amount > 0 ? "+" : ""}
        {money(entry.amount)}
      </span>
    ),
  },
  { key: "balance", header: "Balance after", cell: (entry) => money(entry.balance_after) },
  {
    key: "what",
    header: "What",
    from: "sm",
    cell: (entry) => (
      <>
        <p>{entry.description ?? KIND_LABELS[entry.kind]}</p>
        <p className="text-xs text-slate-500">
          {KIND_LABELS[entry.kind]} · {entry.actor.label}
        </p>
      </>
    ),
  },
];

/**
 * The customer's store credit on their page: the balance, a credit / debit
 * form (the API's own schema) and the ledger, newest first.
 */
export function StoreCredit({ shopId, customer }: { shopId: string; customer: Customer }) {
  const [page, setPage] = useState(1);
  const entries = useBalanceEntries(shopId, String(customer.id), page);
  const change = useChangeBalance(shopId);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<z.input<typeof balanceChangeSchema>, unknown, BalanceChangeInput>({
    resolver: zodResolver(balanceChangeSchema),
    defaultValues: { amount: "", description: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setDone(null);
    try {
      const updated = await change.mutateAsync({ id: customer.id, body });
      form.reset({ amount: "", description: "" });
      setDone(`Store credit is now ${money(updated.balance)}.`);
    } catch (error) {
      showApiErrors(error, form.setError, ["amount", "description"]);
    }
  });

  return (
    <section aria-labelledby="store-credit" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="store-credit" className="text-lg font-semibold">
          Store credit
        </h2>
        <p className="text-sm">
          Balance:{" "}
          <span className="font-semibold" data-testid="store-credit-balance">
            {money(customer.balance)}
          </span>
        </p>
      </div>
      <p className="text-sm text-slate-600">
        In the shop&apos;s currency; the customer spends it at checkout with the store credit (CUSTOMERBALANCE) gateway.
      </p>
      <BalanceForm
        label="Credit or debit the store credit"
        amountLabel="Amount (negative to debit)"
        noteLabel="Description"
        amount={form.register("amount")}
        note={form.register("description")}
        errors={{ amount: errors.amount?.message, note: errors.description?.message, root: errors.root?.message }}
        submitting={isSubmitting}
        onSubmit={submit}
      />
      <div aria-live="polite">{done ? <p className="text-sm text-green-700">{done}</p> : null}</div>
      <QueryView query={entries} loading="Loading the ledger" height="h-24" empty="No store credit yet." onPage={setPage}>
        {(rows) => <DataTable caption="Store credit ledger" rows={rows} columns={COLUMNS} />}
      </QueryView>
    </section>
  );
}
