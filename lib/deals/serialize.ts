import type { BundleOffer, BundleOfferItem, Product, QuantityDeal, Variant } from "../generated/prisma/client";
import { moneyNumber, moneyString } from "../money";
import type { BundleOfferView, QuantityDealView } from "./schemas";

/**
 * Deal and offer records as returned (the spec does not show them): the input
 * fields with their types (numbers where the input takes numbers), plus ids,
 * timestamps and a short summary of the products they apply to, so that a
 * record can be sent back to update unchanged.
 */

export const quantityDealInclude = { product: true, variant: true } as const;
export const bundleOfferInclude = { items: { include: { product: true }, orderBy: { product_id: "asc" } } } as const;

type DealRow = QuantityDeal & { product: Product; variant: Variant | null };
type OfferRow = BundleOffer & { items: (BundleOfferItem & { product: Product })[] };

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function serializeQuantityDeal(deal: DealRow): QuantityDealView {
  return {
    id: deal.id,
    shop_id: deal.shop_id,
    name: deal.name,
    product_id: deal.product_id,
    variant_id: deal.variant_id,
    buy_quantity: deal.buy_quantity,
    discounted_quantity: deal.discounted_quantity,
    percentage: moneyNumber(deal.percentage),
    max_uses_per_cart: deal.max_uses_per_cart,
    priority: deal.priority,
    starts_at: iso(deal.starts_at),
    ends_at: iso(deal.ends_at),
    enabled: deal.enabled,
    created_at: deal.created_at.toISOString(),
    updated_at: deal.updated_at.toISOString(),
    product: { id: deal.product.id, name: deal.product.name },
    variant: deal.variant ? { id: deal.variant.id, name: deal.variant.name, price: moneyString(deal.variant.price) } : null,
  };
}

export function serializeBundleOffer(offer: OfferRow): BundleOfferView {
  return {
    id: offer.id,
    shop_id: offer.shop_id,
    name: offer.name,
    type: offer.type,
    discount: moneyNumber(offer.discount),
    max_uses_per_cart: offer.max_uses_per_cart,
    priority: offer.priority,
    starts_at: iso(offer.starts_at),
    ends_at: iso(offer.ends_at),
    enabled: offer.enabled,
    items: offer.items.map((item) => item.product_id),
    products: offer.items.map((item) => ({ id: item.product.id, name: item.product.name })),
    created_at: offer.created_at.toISOString(),
    updated_at: offer.updated_at.toISOString(),
  };
}
