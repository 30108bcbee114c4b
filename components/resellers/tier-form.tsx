"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { showApiErrors } from "@/lib/client/form-errors";
import { useTierChange, type ResellerTier } from "@/lib/client/hooks/resellers";
import { tierSchema, type TierInput } from "@/lib/reseller/schemas";

const emptyToNull = (value: unknown) => (value === "" ? null : value);

/** Creates a tier, or edits `tier`; the same fields and rules as the API. */
export function TierForm({ shopId, tier, onDone }: { shopId: string; tier?: ResellerTier; onDone: (message: string) => void }) {
  const change = useTierChange(shopId);
  const form = useForm<z.input<typeof tierSchema>, unknown, TierInput>({
    resolver: zodResolver(tierSchema),
    defaultValues: tier
      ? {
          name: tier.name,
          discount_percentage: String(tier.discount_percentage),
          min_spent_usd: tier.min_spent_usd,
          min_sales_count: String(tier.min_sales_count),
          image_url: tier.image_url ?? "",
        }
      : { name: "", discount_percentage: "", min_spent_usd: "0", min_sales_count: "0", image_url: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await change.mutateAsync(tier ? { kind: "update", id: tier.id, body } : { kind: "create", body });
      if (!tier) form.reset();
      onDone(tier ? `Tier “${body.name}” saved.` : `Tier “${body.name}” created.`);
    } catch (error) {
      showApiErrors(error, form.setError, ["name", "discount_percentage", "min_spent_usd", "min_sales_count", "image_url"]);
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={tier ? `Edit tier ${tier.name}` : "New tier"}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-start"
    >
      <Field label="Name" className="lg:col-span-2" error={errors.name?.message} {...form.register("name")} />
      <Field label="Discount %" inputMode="decimal" error={errors.discount_percentage?.message} {...form.register("discount_percentage")} />
      <Field label="Min. spent (USD)" inputMode="decimal" error={errors.min_spent_usd?.message} {...form.register("min_spent_usd")} />
      <Field label="Min. orders" inputMode="numeric" error={errors.min_sales_count?.message} {...form.register("min_sales_count")} />
      <Field
        label="Image URL (optional)"
        type="url"
        error={errors.image_url?.message}
        {...form.register("image_url", { setValueAs: emptyToNull })}
      />
      {errors.root ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-6">
          {errors.root.message}
        </p>
      ) : null}
      <div className="sm:col-span-2 lg:col-span-6">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : tier ? "Save tier" : "Create tier"}
        </Button>
      </div>
    </form>
  );
}
