"use client";
import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { gatewayFeeLine } from "@/lib/checkout/gateway-fee-line";
import type { StorefrontShop } from "@/lib/storefront/catalog";
import type { StorefrontCheckoutView, StorefrontPriceView } from "@/lib/storefront/schemas";
import { useCart, type CartLine } from "@/lib/storefront/client/cart-store";
import { storefrontCall, type CallError } from "@/lib/storefront/client/call";
import { EmailField } from "./email-field";

type ChallengeState = "none" | "solving" | "solved" | "failed";

/**
 * The cart, priced live by the server's calculator on every change, the
 * coupon field with the calculator's answer, and the checkout: e-mail,
 * gateway, the custom fields the cart's products ask, the terms. Errors
 * land at the line or field they name.
 */
export function CartCheckout({ subdomain, gateways }: { subdomain: string; gateways: StorefrontShop["gateways"] }) {
  const cart = useCart(subdomain);
  const [coupon, setCoupon] = useState("");
  const [appliedCoupon, setAppliedCoupon] = useState<string | undefined>(undefined);
  const [email, setEmail] = useState("");
  const [gateway, setGateway] = useState(gateways[0]?.code ?? "");
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [terms, setTerms] = useState(false);
  const [price, setPrice] = useState<StorefrontPriceView | null>(null);
  // the fields the cart asks, from the last price that answered: a line refused (a quantity over the limit) keeps them
  const [customFields, setCustomFields] = useState<StorefrontPriceView["custom_fields"]>([]);
  const [priceError, setPriceError] = useState<CallError | null>(null);
  const [submitError, setSubmitError] = useState<CallError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<ChallengeState>("none");
  const ids = useId();
  const cartKey = JSON.stringify(cart.lines.map((line) => [line.productId, line.variantId, line.quantity]));
  const validEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined;

  useEffect(() => {
    if (!cart.lines.length) return;
    let current = true;
    const asked = { cart: cartLines(cart.lines), coupon: appliedCoupon, email: validEmail, gateway: gateway || undefined };
    storefrontCall<StorefrontPriceView>(subdomain, "price", asked).then((result) => {
      if (!current) return;
      setPrice(result.ok ? result.data : null);
      setPriceError(result.ok ? null : result.error);
      if (result.ok) setCustomFields(result.data.custom_fields);
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- cartKey is the cart's content
  }, [subdomain, cartKey, appliedCoupon, validEmail, gateway]);

  if (!cart.lines.length) {
    return (
      <p>
        Your cart is empty.{" "}
        <Link href={`/s/${encodeURIComponent(subdomain)}`} className="underline">
          Continue shopping
        </Link>
      </p>
    );
  }

  const errorAt = (error: CallError | null, key: string) => error?.errors?.[key]?.[0];
  const lineError = (index: number) =>
    ["productId", "variantId", "quantity"]
      .map((field) => errorAt(priceError, `cart.${index}.${field}`) ?? errorAt(submitError, `cart.${index}.${field}`))
      .find(Boolean);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setSubmitError(null);
    setChallenge("none");
    await placeOrder(undefined);
  }

  /**
   * The checkout; when the address is over the limit (422 on `altcha`) the
   * page solves a proof-of-work challenge and sends the order once more with
   * its answer. A challenge lets one order through, so none is kept.
   */
  async function placeOrder(altcha: string | undefined) {
    const result = await storefrontCall<StorefrontCheckoutView>(subdomain, "checkout", {
      cart: cartLines(cart.lines),
      email,
      gateway,
      coupon: appliedCoupon,
      custom_fields: Object.keys(answers).length ? answers : undefined,
      terms,
      altcha,
    });
    if (result.ok) {
      cart.clear();
      window.location.assign(result.data.url ?? result.data.invoice_url);
      return;
    }
    const refused = withUnansweredFields(result.error, customFields, answers);
    if (refused.errors?.altcha && altcha === undefined) {
      setChallenge("solving");
      // loaded only now: no storefront page carries the solver before an address needs it
      const { solveStorefrontChallenge } = await import("@/lib/storefront/client/solve-challenge");
      const solved = await solveStorefrontChallenge(subdomain);
      if (solved.ok) {
        setChallenge("solved");
        return placeOrder(solved.payload);
      }
      setChallenge("failed");
      setSubmitError({ ...solved.error, errors: { altcha: [solved.error.message] } });
    } else {
      if (refused.errors?.altcha) setChallenge("failed");
      setSubmitError(refused);
    }
    setSubmitting(false);
  }

  const line = (variantId: number) => price?.lines.find((entry) => entry.variantId === variantId);
  // while a price is on its way "…"; when the cart's last price was refused, no figure ("—") until the line is fixed
  const pending = priceError ? "—" : "…";
  const feeLine = price ? gatewayFeeLine(price.gateway_fee) : null;
  const fieldError = (key: string) => errorAt(submitError, key);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      <section aria-labelledby={`${ids}-lines`} className="space-y-3">
        <h2 id={`${ids}-lines`} className="sr-only">
          Items
        </h2>
        <ul className="space-y-3">
          {cart.lines.map((entry, index) => (
            <li key={entry.variantId} className="space-y-2 rounded-[var(--sf-radius)] border border-current/10 bg-[var(--sf-surface)] p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <Link
                    href={`/s/${encodeURIComponent(subdomain)}/product/${encodeURIComponent(entry.productPath)}`}
                    className="font-medium underline"
                  >
                    {entry.productName}
                  </Link>
                  <p className="text-sm opacity-80">{entry.variantName}</p>
                </div>
                <p className="tabular-nums">
                  {line(entry.variantId)?.total ?? pending} {price?.currency ?? entry.currency}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-2 text-sm">
                  Quantity
                  <input
                    type="number"
                    min={1}
                    max={10000}
                    value={entry.quantity}
                    onChange={(event) => {
                      const quantity = event.target.valueAsNumber;
                      if (Number.isInteger(quantity) && quantity > 0) cart.setQuantity(entry.variantId, Math.min(quantity, 10000));
                    }}
                    className="w-20 rounded-[var(--sf-radius)] border border-current/25 bg-transparent px-2 py-1"
                  />
                </label>
                <button type="button" onClick={() => cart.remove(entry.variantId)} className="text-sm underline">
                  Remove {entry.productName}, {entry.variantName}
                </button>
                {line(entry.variantId) && line(entry.variantId)!.discount !== "0.00" ? (
                  <span className="text-sm">Saves {line(entry.variantId)!.discount}</span>
                ) : null}
              </div>
              {lineError(index) ? (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {lineError(index)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <form
        onSubmit={submit}
        className="space-y-4 rounded-[var(--sf-radius)] border border-current/10 bg-[var(--sf-surface)] p-4"
        noValidate
      >
        <h2 className="text-lg font-semibold">Checkout</h2>
        <div className="space-y-1">
          <label htmlFor={`${ids}-coupon`} className="font-medium">
            Coupon
          </label>
          <div className="flex gap-2">
            <input
              id={`${ids}-coupon`}
              value={coupon}
              onChange={(event) => setCoupon(event.target.value)}
              className="min-w-0 flex-1 rounded-[var(--sf-radius)] border border-current/25 bg-transparent px-3 py-2"
              autoComplete="off"
            />
            <button
              type="button"
              onClick={() => setAppliedCoupon(coupon.trim() || undefined)}
              className="rounded-[var(--sf-radius)] border border-current/30 px-3 py-2"
            >
              Apply
            </button>
          </div>
          {price?.coupon ? (
            <p role="status" className="text-sm">
              {price.coupon.applied
                ? `Coupon ${price.coupon.code} applied: −${price.coupon.discount}`
                : `Coupon refused: ${price.coupon.reason}`}
            </p>
          ) : null}
        </div>

        <dl className="space-y-1 text-sm" aria-live="polite">
          <Row label="Subtotal" value={price ? `${price.subtotal} ${price.currency}` : pending} />
          {price && price.promotion_discount !== "0.00" ? <Row label="Offers" value={`−${price.promotion_discount}`} /> : null}
          {price?.coupon?.applied ? <Row label="Coupon" value={`−${price.coupon.discount}`} /> : null}
          {feeLine ? <Row label={feeLine.label} value={feeLine.amount} /> : null}
          <Row label="Total" value={price ? `${price.total} ${price.currency}` : pending} strong />
        </dl>

        <EmailField id={`${ids}-email`} value={email} onChange={setEmail} error={fieldError("email")} />

        <fieldset className="space-y-1">
          <legend className="font-medium">Payment method</legend>
          {gateways.length === 0 ? <p className="text-sm">This shop takes no payments yet.</p> : null}
          {gateways.map(({ code, name }) => (
            <label key={code} className="flex items-center gap-2">
              <input type="radio" name="gateway" value={code} checked={gateway === code} onChange={() => setGateway(code)} />
              {name}
            </label>
          ))}
          {fieldError("gateway") ? <p className="text-sm font-medium text-red-700">{fieldError("gateway")}</p> : null}
        </fieldset>

        {customFields.map((field) => (
          <Field
            key={field.id}
            id={`${ids}-field-${field.id}`}
            label={`${field.name}${field.required ? "" : " (optional)"}`}
            hint={field.hint}
            error={fieldError(`custom_fields.${field.name}`) ?? fieldError(`custom_fields.${field.id}`)}
          >
            <CustomFieldInput
              id={`${ids}-field-${field.id}`}
              field={field}
              value={answers[field.name] ?? field.default ?? ""}
              onChange={(value) => setAnswers((current) => ({ ...current, [field.name]: value }))}
            />
          </Field>
        ))}

        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={terms} onChange={(event) => setTerms(event.target.checked)} className="mt-1" />
            <span>I accept the shop&apos;s terms of sale, and that digital goods are delivered as soon as the payment is confirmed.</span>
          </label>
          {fieldError("terms") ? <p className="text-sm font-medium text-red-700">{fieldError("terms")}</p> : null}
        </div>

        {challenge !== "none" ? <ChallengeBox state={challenge} error={fieldError("altcha")} /> : null}

        {submitError && !shownAtFields(submitError) ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {submitError.message}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={submitting || !gateway}
          className="w-full rounded-[var(--sf-radius)] bg-[var(--sf-primary)] px-5 py-3 font-semibold text-[var(--sf-on-primary)] disabled:opacity-50"
        >
          {submitting ? "Placing order…" : "Pay now"}
        </button>
      </form>
    </div>
  );
}

/**
 * Whether every error of a refused checkout shows at a field of the form:
 * else its message is said beside the button (a refused coupon, a line far
 * above on a phone, the address's limits), so a press is never answered
 * by nothing visible.
 */
function shownAtFields(error: CallError): boolean {
  const keys = Object.keys(error.errors ?? {});
  return keys.length > 0 && keys.every((key) => FIELD_KEYS.has(key) || key.startsWith("custom_fields."));
}
const FIELD_KEYS = new Set(["email", "gateway", "terms", "altcha"]);

/**
 * A refusal of the form's own fields, with the required custom fields left
 * empty named too (as lib/checkout/create.ts words them): the server checks
 * the cart's fields only once the rest of the form is valid, and one press
 * should show every error.
 */
function withUnansweredFields(error: CallError, fields: StorefrontPriceView["custom_fields"], answers: Record<string, string>): CallError {
  const errors = error.errors;
  if (!errors || Object.keys(errors).some((key) => key.startsWith("custom_fields."))) return error;
  const missing = fields.filter((field) => field.required && !(answers[field.name] ?? field.default ?? "").trim());
  return {
    ...error,
    errors: {
      ...errors,
      ...Object.fromEntries(missing.map((field) => [`custom_fields.${field.name}`, [`The ${field.name} field is required.`]])),
    },
  };
}

function cartLines(lines: CartLine[]) {
  return lines.map((line) => ({ productId: line.productId, variantId: line.variantId, quantity: line.quantity }));
}

/** ALTCHA's widget, in the storefront's look: what the page is doing while it proves work for an address over the limit. */
function ChallengeBox({ state, error }: { state: Exclude<ChallengeState, "none">; error?: string }) {
  const text = {
    solving: "Checking that you are not a robot…",
    solved: "Verified: you are not a robot.",
    failed: "The check failed: press Pay now to try again.",
  }[state];
  return (
    <div className="space-y-1 rounded-[var(--sf-radius)] border border-current/25 p-3">
      <p role="status" className="flex items-center gap-2 text-sm">
        <span
          aria-hidden="true"
          className={`inline-flex size-5 shrink-0 items-center justify-center rounded border border-current/40 ${
            state === "solving" ? "animate-pulse" : ""
          }`}
        >
          {state === "solved" ? "✓" : ""}
        </span>
        {text}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p className="text-xs opacity-70">A proof-of-work check by ALTCHA, done in your browser: no tracking, no third party.</p>
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-base font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | null;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {hint ? <p className="text-sm opacity-80">{hint}</p> : null}
      {children}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FieldShape = StorefrontPriceView["custom_fields"][number];

function CustomFieldInput({
  id,
  field,
  value,
  onChange,
}: {
  id: string;
  field: FieldShape;
  value: string;
  onChange: (value: string) => void;
}) {
  const className = "w-full rounded-[var(--sf-radius)] border border-current/25 bg-transparent px-3 py-2";
  if (field.type === "textarea")
    return (
      <textarea
        id={id}
        value={value}
        placeholder={field.placeholder ?? undefined}
        onChange={(event) => onChange(event.target.value)}
        className={className}
        maxLength={5000}
      />
    );
  if (field.type === "select") {
    return (
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={className}>
        <option value="">Choose…</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === "checkbox")
    return <input id={id} type="checkbox" checked={value === "true"} onChange={(event) => onChange(event.target.checked ? "true" : "")} />;
  const type = field.type === "number" ? "number" : field.type === "email" ? "email" : "text";
  return (
    <input
      id={id}
      type={type}
      value={value}
      placeholder={field.placeholder ?? undefined}
      onChange={(event) => onChange(event.target.value)}
      className={className}
      maxLength={5000}
    />
  );
}
