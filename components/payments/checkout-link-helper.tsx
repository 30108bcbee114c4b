"use client";
import { useState } from "react";
import { Button } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { Field } from "@/components/field";
import { ErrorNotice, StatusNotice } from "@/components/notice";
import { SelectField } from "@/components/select-field";
import { checkoutBody, type CheckoutView } from "@/lib/checkout/schemas";
import { ApiRequestError } from "@/lib/client/api";
import { useCreateCheckout, useShopSettings } from "@/lib/client/hooks/payments";
import { useProductOptions } from "@/lib/client/hooks/products";
import { useOrigin } from "@/lib/client/use-origin";
import { CodeBlock } from "@/components/code-block";

/** The curl command of a checkout, as a seller's backend would send it (the key stays a placeholder). */
function curlOf(origin: string, shopId: string, body: unknown): string {
  return [
    `curl -X POST ${origin}/v1/shops/${shopId}/checkout \\`,
    `  -H "Authorization: Bearer $SHOPDESK_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${JSON.stringify(body, null, 2).replaceAll("'", "'\\''")}'`,
  ].join("\n");
}

/**
 * Pick a variant, a quantity, the buyer's email and a gateway: the page
 * shows the API call that makes the checkout, and can make it (checked with
 * the API's own schema first; the API's 422s show at their fields).
 */
export function CheckoutLinkHelper({ shopId }: { shopId: string }) {
  const origin = useOrigin();
  const products = useProductOptions(shopId);
  const settings = useShopSettings(shopId);
  const create = useCreateCheckout(shopId);
  const [variantKey, setVariantKey] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [email, setEmail] = useState("");
  const [gateway, setGateway] = useState("");
  const [coupon, setCoupon] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<CheckoutView | null>(null);

  const [productId, variantId] = variantKey ? variantKey.split(":").map(Number) : [0, 0];
  const gateways = settings.data?.valid_payment_methods ?? [];
  const chosenGateway = gateway || gateways[0] || "";
  const body = {
    cart: [{ productId, variantId, quantity: Number(quantity) }],
    email,
    gateway: chosenGateway,
    ...(coupon ? { coupon } : {}),
  };

  const submit = async () => {
    setResult(null);
    const parsed = checkoutBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])));
      return;
    }
    setErrors({});
    try {
      setResult(await create.mutateAsync(parsed.data));
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fieldErrors).length) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? ""])));
      } else setErrors({ root: error instanceof Error ? error.message : String(error) });
    }
  };
  const cartError = errors["cart.0.productId"] ?? errors["cart.0.variantId"] ?? errors["cart.0"] ?? errors.cart;

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <SelectField
          label="Product and variant"
          value={variantKey}
          onChange={(event) => setVariantKey(event.target.value)}
          error={cartError}
        >
          <option value="">Choose…</option>
          {(products.data ?? []).flatMap((product) =>
            product.variants.map((variant) => (
              <option key={variant.id} value={`${product.id}:${variant.id}`}>
                {product.name} · {variant.name} ({variant.price})
              </option>
            )),
          )}
        </SelectField>
        <Field
          label="Quantity"
          type="number"
          min={1}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          error={errors["cart.0.quantity"]}
        />
        <Field label="Buyer email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
        <SelectField label="Gateway" value={chosenGateway} onChange={(event) => setGateway(event.target.value)} error={errors.gateway}>
          {gateways.length ? null : <option value="">No gateway enabled (see Payments)</option>}
          {gateways.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <Field label="Coupon (optional)" value={coupon} onChange={(event) => setCoupon(event.target.value)} error={errors.coupon} />
      </div>

      <div className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-semibold">The API call</h2>
          <CopyButton text={curlOf(origin, shopId, body)} label="Copy command" />
        </div>
        <CodeBlock
          label="The API call"
          className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100"
          data-testid="checkout-curl"
        >
          {curlOf(origin, shopId, body)}
        </CodeBlock>
        <p className="text-sm text-slate-500">
          Your backend also forwards the buyer&apos;s <code>ip</code>, <code>country_code</code>, <code>user_agent</code> and{" "}
          <code>asn</code> (screened against the blacklist), and <code>custom_fields</code> answers by name or id.
        </p>
      </div>

      {errors.root ? <ErrorNotice>{errors.root}</ErrorNotice> : null}
      <Button onClick={submit} disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create checkout link"}
      </Button>
      {result ? (
        <StatusNotice>
          <span className="flex flex-wrap items-center gap-2">
            Checkout created:{" "}
            <a href={result.invoice_url} className="break-all font-mono underline" data-testid="checkout-link">
              {result.invoice_url}
            </a>
            <CopyButton text={result.invoice_url} ariaLabel="Copy the checkout link" />
          </span>
        </StatusNotice>
      ) : null}
    </div>
  );
}
