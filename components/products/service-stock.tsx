"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { ErrorNotice, StatusNotice } from "@/components/notice";
import { Field } from "@/components/field";
import { stockSchema, type StockInput } from "@/lib/catalog/schemas";
import { showApiErrors } from "@/lib/client/form-errors";
import { useSetServiceStock, type Variant } from "@/lib/client/hooks/products";

type FormValues = z.input<typeof stockSchema>;

/** A service variant's unit count: unlimited until a count is set. */
export function ServiceStock({ shopId, productId, variant }: { shopId: string; productId: string; variant: Variant }) {
  const setStock = useSetServiceStock(shopId, productId, variant.id);
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, StockInput>({
    resolver: zodResolver(stockSchema),
    defaultValues: { stock: variant.stock ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setStatus(null);
    try {
      const saved = await setStock.mutateAsync({ stock: input.stock });
      setStatus(`Stock set to ${saved.stock}.`);
    } catch (error) {
      showApiErrors(error, form.setError, ["stock"]);
    }
  });

  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={`Stock of ${variant.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{variant.name}</h3>
        <p className="text-sm text-slate-600" data-testid="variant-stock">
          {variant.stock === null ? "Unlimited" : `${variant.stock} in stock`}
        </p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field
          label={`Units of ${variant.name} in stock`}
          type="number"
          min={0}
          className="sm:w-56"
          error={errors.stock?.message}
          {...form.register("stock")}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Set stock"}
        </Button>
      </form>
      {errors.root ? <ErrorNotice>{errors.root.message}</ErrorNotice> : null}
      <div aria-live="polite">{status ? <StatusNotice>{status}</StatusNotice> : null}</div>
    </section>
  );
}
