"use client";
import Link from "next/link";
import { useId, useState } from "react";
import type { StorefrontVariant } from "@/lib/storefront/catalog";
import { useCart } from "@/lib/storefront/client/cart-store";

type Props = {
  subdomain: string;
  product: {
    id: number;
    name: string;
    path: string;
    currency: string;
    quantityMin: number;
    quantityMax: number | null;
    onHold: boolean;
    variants: StorefrontVariant[];
  };
};

/** The most units one line may ask (checkoutBody's quantity bound). */
const MAX_UNITS = 10_000;

function unitsAvailable(variant: StorefrontVariant): number {
  if (variant.stock.kind === "out") return 0;
  if (variant.stock.kind === "low") return variant.stock.units;
  return MAX_UNITS;
}

/** Variant and quantity within the product's bounds and the variant's stock; adds to this browser's cart. */
export function AddToCart({ subdomain, product }: Props) {
  const cart = useCart(subdomain);
  const firstInStock = product.variants.find((variant) => unitsAvailable(variant) > 0) ?? product.variants[0]!;
  const [variantId, setVariantId] = useState(firstInStock.id);
  const [quantity, setQuantity] = useState(product.quantityMin);
  const [added, setAdded] = useState(false);
  const quantityId = useId();
  const variant = product.variants.find((entry) => entry.id === variantId) ?? firstInStock;
  const inCart = cart.lines.find((line) => line.variantId === variant.id)?.quantity ?? 0;
  const max = Math.min(product.quantityMax ?? MAX_UNITS, unitsAvailable(variant) - inCart);
  const unavailable = product.onHold
    ? "This product is on hold."
    : unitsAvailable(variant) === 0
      ? "This variant is out of stock."
      : max < product.quantityMin
        ? "No more of this variant can be added."
        : null;
  const valid = !unavailable && Number.isInteger(quantity) && quantity >= product.quantityMin && quantity <= max;

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        cart.add({
          productId: product.id,
          variantId: variant.id,
          quantity,
          productName: product.name,
          variantName: variant.name,
          productPath: product.path,
          unitPrice: variant.price,
          currency: product.currency,
        });
        setAdded(true);
      }}
    >
      {product.variants.length > 1 ? (
        <fieldset className="space-y-2">
          <legend className="font-medium">Variant</legend>
          {product.variants.map((entry) => (
            <label
              key={entry.id}
              className="flex items-center gap-3 rounded-[var(--sf-radius)] border border-current/15 bg-[var(--sf-surface)] px-3 py-2"
            >
              <input
                type="radio"
                name="variant"
                value={entry.id}
                checked={entry.id === variant.id}
                onChange={() => {
                  setVariantId(entry.id);
                  setAdded(false);
                }}
              />
              <span className="flex-1">{entry.name}</span>
              <span className="tabular-nums">
                {entry.price} {product.currency}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={quantityId} className="font-medium">
            Quantity
          </label>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={product.quantityMin}
            max={Math.max(product.quantityMin, max)}
            value={Number.isNaN(quantity) ? "" : quantity}
            onChange={(event) => {
              setQuantity(event.target.valueAsNumber);
              setAdded(false);
            }}
            className="w-28 rounded-[var(--sf-radius)] border border-current/25 bg-[var(--sf-surface)] px-3 py-2"
            aria-describedby={`${quantityId}-bounds`}
          />
        </div>
        <button
          type="submit"
          disabled={!valid}
          className="rounded-[var(--sf-radius)] bg-[var(--sf-primary)] px-5 py-2.5 font-semibold text-[var(--sf-on-primary)] disabled:cursor-not-allowed disabled:opacity-50"
        >
          Add to cart
        </button>
      </div>
      <p id={`${quantityId}-bounds`} className="text-sm opacity-80">
        {unavailable ??
          `From ${product.quantityMin}${product.quantityMax !== null ? ` to ${product.quantityMax}` : ""} per order${inCart ? `; ${inCart} already in your cart` : ""}.`}
      </p>
      <p role="status" className="text-sm">
        {added ? (
          <>
            Added to your cart.{" "}
            <Link href={`/s/${encodeURIComponent(subdomain)}/cart`} className="font-medium underline">
              View cart
            </Link>
          </>
        ) : null}
      </p>
    </form>
  );
}
