import type { CustomField, Image, Product, Variant } from "../generated/prisma/client";
import { serializeAttachedCustomField } from "../custom-fields/serialize";
import { serializeImage } from "../images/serialize";
import { imageUrl } from "../images/url";
import { moneyString } from "../money";
import type { ProductVariantView, ProductView, VolumeDiscountTier } from "./schemas";
import { UNLIMITED_STOCK, productStockOf } from "./stock";

export type ProductRecord = Product & {
  variants: Variant[];
  images: { image: Image }[];
};

export type ProductExtras = {
  customFields: CustomField[];
  /** units per variant id (UNLIMITED_STOCK for never sold out) */
  stock: Map<number, number>;
  /** unsold serials of the product, oldest first */
  unsoldSerials: string[];
};

/** The stored tiers, as the clients type them; anything else written before validation is left out. */
export function volumeTiersOf(stored: unknown): VolumeDiscountTier[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((tier: unknown) => {
    const { qty, percent } = (tier ?? {}) as { qty?: unknown; percent?: unknown };
    return typeof qty === "number" && typeof percent === "number" ? [{ qty, percent }] : [];
  });
}

/** A variant with its derived `stock`: null when it is never sold out. */
export function serializeCatalogVariant(variant: Variant, stock: Map<number, number>): ProductVariantView {
  const units = stock.get(variant.id) ?? 0;
  return {
    id: variant.id,
    product_id: variant.product_id,
    name: variant.name,
    description: variant.description,
    price: moneyString(variant.price),
    stock: units === UNLIMITED_STOCK ? null : units,
    dynamic_url: variant.dynamic_url,
    sort_priority: variant.sort_priority,
    created_at: variant.created_at.toISOString(),
    updated_at: variant.updated_at.toISOString(),
    deleted_at: variant.deleted_at?.toISOString() ?? null,
  };
}

/**
 * The spec's "Product (as embedded in a group)" with its images, variants
 * and custom fields; the same shape serves the product routes. `price` is
 * the lowest variant price; `stock` is null and `stock_count` -1 when the
 * product is never sold out (dynamic, or a service without a count).
 */
export function serializeProduct(product: ProductRecord, extras: ProductExtras): ProductView {
  const stockCount = productStockOf(product.deliverables_type, product.variants);
  const firstImage = product.images[0]?.image ?? null;
  const lowest = product.variants.reduce<Variant["price"] | null>(
    (min, v) => (min === null || v.price.lessThan(min) ? v.price : min),
    null,
  );
  return {
    id: product.id,
    salt: product.salt,
    created_at: product.created_at.toISOString(),
    updated_at: product.updated_at.toISOString(),
    deleted_at: product.deleted_at?.toISOString() ?? null,
    name: product.name,
    path: product.path,
    description: product.description,
    price: moneyString(lowest ?? 0),
    currency: product.currency,
    payment_methods: product.payment_methods,
    deliverables: extras.unsoldSerials.join("\n"),
    deliverables_type: product.deliverables_type,
    stock: stockCount === UNLIMITED_STOCK ? null : stockCount,
    image_url: imageUrl(firstImage?.cdn_image_id),
    group_id: product.group_id,
    shop_id: product.shop_id,
    volume_discounts: volumeTiersOf(product.volume_discounts),
    disable_volume_discounts_if_coupon: product.disable_volume_discounts_if_coupon ? 1 : 0,
    disabled_payment_methods: product.disabled_payment_methods,
    discord_required: product.discord_required ? 1 : 0,
    discord_roles: product.discord_roles,
    badges: Array.isArray(product.badges) ? (product.badges as { text: string; color: string }[]) : [],
    status_color: product.status_color,
    status_text: product.status_text,
    live_stats: product.live_stats ? 1 : 0,
    feedback_coupon: product.feedback_coupon_id,
    feedback_coupon_min_rating: product.feedback_coupon_min_rating,
    average_rating: product.feedback_count > 0 ? Math.round((product.feedback_rating_sum / product.feedback_count) * 100) / 100 : null,
    feedback_count: product.feedback_count,
    redirect_url: product.redirect_url,
    deliverables_label: product.deliverables_label,
    type: product.type,
    instructions: product.instructions,
    out_of_stock_message: product.out_of_stock_message,
    sort_priority: product.sort_priority,
    group_sort_priority: product.group_sort_priority,
    visibility: product.visibility,
    on_hold: product.visibility === "on_hold" ? 1 : 0,
    cdn_image_id: firstImage?.cdn_image_id ?? null,
    quantity_min: product.quantity_min,
    quantity_max: product.quantity_max,
    chat_guild_id: product.chat_guild_id,
    chat_role_id: product.chat_role_id,
    block_vpn: product.block_vpn ? 1 : 0,
    stock_count: stockCount,
    images: product.images.map(({ image }) => ({ ...serializeImage(image), pivot: { product_id: product.id, image_id: image.id } })),
    variants: product.variants.map((variant) => serializeCatalogVariant(variant, extras.stock)),
    custom_fields: extras.customFields.map((field) => serializeAttachedCustomField(field, product.id)),
  };
}
