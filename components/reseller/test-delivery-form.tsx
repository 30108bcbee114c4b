"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { showApiErrors } from "@/lib/client/form-errors";
import { useTestDelivery, type CatalogProduct } from "@/lib/client/hooks/reseller";
import { testDeliverySchema, type TestDeliveryInput } from "@/lib/reseller/schemas";
import { CodeBlock } from "@/components/code-block";

/**
 * Sends one correctly signed request to the reseller's own receiver (the
 * server signs it: the secret never comes to this page) and shows the
 * receiver's status and body, as the reseller's shop would see them.
 */
export function TestDeliveryForm({ products }: { products: CatalogProduct[] }) {
  const selectId = useId();
  const send = useTestDelivery();
  const first = products.find((product) => product.variants.length);
  const form = useForm<z.input<typeof testDeliverySchema>, unknown, TestDeliveryInput>({
    resolver: zodResolver(testDeliverySchema),
    defaultValues: { product_id: first?.id, variant_id: first?.variants[0]?.id, quantity: "1" },
  });
  const { errors, isSubmitting } = form.formState;
  const [productId, variantId] = useWatch({ control: form.control, name: ["product_id", "variant_id"] });
  const selected = `${productId}:${variantId}`;

  const submit = form.handleSubmit(async (input) => {
    if (!window.confirm(`This is a real delivery: ${input.quantity} unit(s) are charged to your balance. Send it?`)) return;
    try {
      await send.mutateAsync(input);
    } catch (error) {
      showApiErrors(error, form.setError, ["quantity", "product_id", "variant_id"]);
    }
  });

  const result = send.data;
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
            Variant
          </label>
          <select
            id={selectId}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            value={selected}
            onChange={(event) => {
              const [productId, variantId] = event.target.value.split(":").map(Number);
              form.setValue("product_id", productId);
              form.setValue("variant_id", variantId);
            }}
          >
            {products.map((product) => (
              <optgroup key={product.id} label={product.name}>
                {product.variants.map((variant) => (
                  <option key={variant.id} value={`${product.id}:${variant.id}`}>
                    {product.name} · {variant.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {errors.variant_id ? (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {errors.variant_id.message}
            </p>
          ) : null}
        </div>
        <Field
          label="Quantity"
          type="number"
          min={1}
          max={100}
          className="w-28"
          error={errors.quantity?.message}
          {...form.register("quantity")}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send test delivery"}
        </Button>
      </div>
      {errors.root ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      {result ? (
        <div role="status" className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <p>
            Receiver answered{" "}
            <strong data-testid="test-delivery-status" className={result.status === 200 ? "text-emerald-800" : "text-red-700"}>
              {result.status ?? "no answer"}
            </strong>
          </p>
          <CodeBlock
            label="The receiver's answer"
            data-testid="test-delivery-body"
            className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-white p-2 font-mono text-xs"
          >
            {result.body || "(empty body)"}
          </CodeBlock>
        </div>
      ) : null}
    </form>
  );
}
