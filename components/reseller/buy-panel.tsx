"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { showApiErrors } from "@/lib/client/form-errors";
import { useBuy, type CatalogProduct, type CatalogVariant } from "@/lib/client/hooks/reseller";
import { formatMoney, lineTotal } from "@/lib/client/money";
import { createResellerInvoiceSchema } from "@/lib/reseller/schemas";

/** The quantity of one purchase line, validated as the API validates it. */
const quantitySchema = createResellerInvoiceSchema.shape.items.element.pick({ quantity: true });

type Props = { product: CatalogProduct; variant: CatalogVariant; balance: number | undefined; onCancel: () => void };

/**
 * The confirmation step of a purchase: quantity, the total and the balance
 * after it, then one "Confirm" that charges. Each attempt carries one
 * Idempotency-Key, kept while the same attempt is retried (a double click,
 * a retry after a lost answer) and renewed when the quantity changes, so
 * the server charges an attempt at most once.
 */
export function BuyPanel({ product, variant, balance, onCancel }: Props) {
  const router = useRouter();
  const buy = useBuy();
  const attemptKey = useRef<string | null>(null);
  const form = useForm<z.input<typeof quantitySchema>, unknown, z.output<typeof quantitySchema>>({
    resolver: zodResolver(quantitySchema),
    defaultValues: { quantity: "1" },
  });
  // isSubmitting disables the button from the first click on, before the request starts.
  const { errors, isSubmitting } = form.formState;
  const quantityText = String(useWatch({ control: form.control, name: "quantity" }) ?? "");
  const quantity = /^\d{1,6}$/.test(quantityText.trim()) ? Number(quantityText) : 0;
  const total = lineTotal(variant.reseller_price, quantity);

  // A different quantity is a different request: it gets its own key.
  useEffect(() => {
    attemptKey.current = null;
  }, [quantity]);

  const confirm = async ({ quantity }: z.output<typeof quantitySchema>) => {
    attemptKey.current ??= crypto.randomUUID();
    try {
      const invoice = await buy.mutateAsync({
        input: { items: [{ product_id: product.id, variant_id: variant.id, quantity }] },
        idempotencyKey: attemptKey.current,
      });
      // The key stays: a click before the page changes replays this purchase instead of buying again.
      router.push(`/reseller/orders/${invoice.id}?bought=1`);
    } catch (error) {
      showApiErrors(error, form.setError, ["quantity"]);
    }
  };

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(confirm)(event)}
      noValidate
      aria-label={`Buy ${product.name} · ${variant.name}`}
      className="mt-3 space-y-3 rounded-md border border-emerald-300 bg-emerald-50 p-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <Field
          label="Quantity"
          type="number"
          min={1}
          inputMode="numeric"
          className="w-28"
          error={errors.quantity?.message}
          {...form.register("quantity")}
        />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Total</dt>
          <dd className="font-semibold tabular-nums" data-testid="buy-total">
            {formatMoney(total, product.currency)}
          </dd>
          {balance !== undefined ? (
            <>
              <dt className="text-slate-600">Balance after</dt>
              <dd className={`tabular-nums ${balance - total < 0 ? "text-red-700" : ""}`}>{formatMoney(balance - total)}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {product.currency !== "USD" ? (
        <p className="text-xs text-slate-600">Charged to your balance in USD at the shop&apos;s rate.</p>
      ) : null}
      {errors.root ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting || quantity < 1}>
          {isSubmitting ? "Buying…" : `Confirm purchase of ${formatMoney(total, product.currency)}`}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
