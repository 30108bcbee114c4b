import { SUBDOMAIN_LABEL } from "./paths";
import type { Db } from "../db";
import { productStockOf, unitsOfVariant, UNLIMITED_STOCK } from "../catalog/stock";
import { moneyString, type Money } from "../money";
import { sanitizeSellerHtml } from "../html/seller-html";
import type { GatewayShop } from "../payments/gateway";
import { gatewayOf } from "../payments/gateways";
import { themeSettingsOf, type ThemeSettings } from "./theme";

/**
 * What a buyer may see of a shop: plain serialisable views (money as
 * strings, no Decimal, no Date) that the storefront's cached pages render.
 * Only `public`, `unlisted` and `on_hold` products exist here; `private`
 * ones and deleted rows never leave this file. Nothing of the seller's
 * account, settings or secrets is read.
 */

export type StockBand =
  { kind: "unlimited" } | { kind: "in_stock"; units: number } | { kind: "low"; units: number } | { kind: "out"; message: string };

/** At or below this many units the card says "only N left". */
export const LOW_STOCK_UNITS = 10;
const OUT_OF_STOCK = "Out of stock";

export type StorefrontShop = {
  id: number;
  name: string;
  subdomain: string;
  description: string | null;
  currency: string;
  logoPath: string | null;
  faviconPath: string | null;
  backgroundPath: string | null;
  theme: ThemeSettings;
  /** The payment methods the checkout offers, in the shop's order, each under the seller's display name or the gateway's own. */
  gateways: { code: string; name: string }[];
  /** The seller's social links (validated http(s) URLs), in a fixed order; the footer shows them as plain links. */
  links: { label: string; url: string }[];
  /** The shop's first verified custom domain (lib/domains), where its canonical links point; null: none. */
  domain: string | null;
};

/** The shop's link fields and how the footer names them. */
const SOCIAL_LINKS = [
  ["discord_url", "Discord"],
  ["youtube_url", "YouTube"],
  ["telegram_url", "Telegram"],
  ["tiktok_url", "TikTok"],
  ["instagram_url", "Instagram"],
] as const;

/** Only http(s) links reach a page, whatever a row holds (the API validates them; plain SQL may not have). */
function safeLink(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export type ProductCard = {
  id: number;
  name: string;
  path: string;
  currency: string;
  imagePath: string | null;
  priceFrom: string | null;
  stock: StockBand;
  onHold: boolean;
  hasDeal: boolean;
};

export type StorefrontHome = {
  groups: {
    id: number;
    name: string;
    imagePath: string | null;
    badge: { text: string; color: string | null } | null;
    products: ProductCard[];
  }[];
  ungrouped: ProductCard[];
};

export type StorefrontVariant = { id: number; name: string; description: string; price: string; stock: StockBand };

export type StorefrontProduct = {
  id: number;
  shopId: number;
  name: string;
  path: string;
  descriptionHtml: string;
  currency: string;
  visibility: "public" | "unlisted" | "on_hold";
  quantityMin: number;
  quantityMax: number | null;
  imagePaths: string[];
  variants: StorefrontVariant[];
  paymentMethods: string[];
  deals: { name: string; variantId: number | null; buy: number; discounted: number; percentage: string }[];
  bundles: { name: string; type: string; discount: string; products: { name: string; path: string | null }[] }[];
  customFields: StorefrontCustomField[];
  updatedAt: string;
};

const LISTED = ["public", "on_hold"];
/** The visibilities whose product pages a buyer can open (private ones are 404). */
export const REACHABLE_VISIBILITIES = ["public", "unlisted", "on_hold"];

/** The cdn path of an image (same origin: the storefront and its CSP allow only this server's images). */
export function cdnPath(cdnImageId: string | null | undefined): string | null {
  return cdnImageId ? `/cdn/${cdnImageId}` : null;
}

export function stockBand(units: number, outOfStockMessage: string | null): StockBand {
  if (units === UNLIMITED_STOCK) return { kind: "unlimited" };
  if (units <= 0) return { kind: "out", message: outOfStockMessage?.trim() || OUT_OF_STOCK };
  return units <= LOW_STOCK_UNITS ? { kind: "low", units } : { kind: "in_stock", units };
}

const liveImage = {
  where: { image: { deleted_at: null } },
  orderBy: { sort: "asc" as const },
  select: { image: { select: { cdn_image_id: true } } },
};

/** A value no shop can have (the build's sample of the storefront's route). */
export const NOT_A_SUBDOMAIN = "_";

/**
 * The shop's payment methods a checkout can take now, in the shop's order:
 * methods no checkout supports, or not configured, are never offered (the
 * checkout would refuse them). Reads only whether a credential is set.
 * A method's display name is seller text: React renders it as text.
 */
function checkoutGateways(
  shop: GatewayShop & { valid_payment_methods: string[]; payment_methods: { gateway: string; display_name: string | null }[] },
): StorefrontShop["gateways"] {
  const displayNames = new Map(shop.payment_methods.map((method) => [method.gateway.toUpperCase(), method.display_name]));
  return shop.valid_payment_methods
    .map((method) => gatewayOf(method))
    .filter((gateway): gateway is NonNullable<typeof gateway> => gateway !== null && gateway.unavailable(shop) === null)
    .map((gateway) => ({ code: gateway.code, name: displayNames.get(gateway.code) || gateway.name }));
}

export async function storefrontShop(db: Db, subdomain: string): Promise<StorefrontShop | null> {
  if (!SUBDOMAIN_LABEL.test(subdomain)) return null;
  const shop = await db.shop.findFirst({
    where: { subdomain, deleted_at: null },
    select: {
      id: true,
      name: true,
      subdomain: true,
      description: true,
      currency: true,
      valid_payment_methods: true,
      payment_methods: { select: { gateway: true, display_name: true } },
      bitcoin_address: true,
      litecoin_address: true,
      cardproc_api_key: true,
      logo_image: { select: { cdn_image_id: true, deleted_at: true } },
      favicon_image: { select: { cdn_image_id: true, deleted_at: true } },
      background_image: { select: { cdn_image_id: true, deleted_at: true } },
      theme: { select: { template: true, official_theme: true } },
      discord_url: true,
      youtube_url: true,
      telegram_url: true,
      tiktok_url: true,
      instagram_url: true,
      domains: { where: { status: "verified" }, orderBy: { id: "asc" }, take: 1, select: { domain: true } },
    },
  });
  if (!shop) return null;
  const live = (image: { cdn_image_id: string; deleted_at: Date | null } | null) =>
    image && !image.deleted_at ? cdnPath(image.cdn_image_id) : null;
  return {
    id: shop.id,
    name: shop.name,
    subdomain: shop.subdomain,
    description: shop.description,
    currency: shop.currency,
    logoPath: live(shop.logo_image),
    faviconPath: live(shop.favicon_image),
    backgroundPath: live(shop.background_image),
    theme: themeSettingsOf(shop.theme),
    gateways: checkoutGateways(shop),
    links: SOCIAL_LINKS.flatMap(([field, label]) => {
      const url = safeLink(shop[field]);
      return url ? [{ label, url }] : [];
    }),
    domain: shop.domains[0]?.domain ?? null,
  };
}

/** The home page: public groups in their order with their listed products, then listed products of no (public) group. */
export async function storefrontHome(db: Db, shopId: number): Promise<StorefrontHome> {
  const now = new Date();
  const [groups, products] = await Promise.all([
    db.group.findMany({
      where: { shop_id: shopId, deleted_at: null, visibility: "public" },
      orderBy: [{ sort_priority: "asc" }, { id: "asc" }],
      select: { id: true, name: true, badge_text: true, badge_color: true, image: { select: { cdn_image_id: true, deleted_at: true } } },
    }),
    db.product.findMany({
      where: { shop_id: shopId, deleted_at: null, visibility: { in: LISTED } },
      orderBy: [{ group_sort_priority: "asc" }, { sort_priority: "asc" }, { id: "asc" }],
      select: {
        id: true,
        name: true,
        path: true,
        currency: true,
        group_id: true,
        visibility: true,
        deliverables_type: true,
        out_of_stock_message: true,
        images: { ...liveImage, take: 1 },
        variants: { where: { deleted_at: null }, select: { price: true, service_stock: true, unsold_serials: true } },
        quantity_deals: { where: { enabled: true, OR: [{ ends_at: null }, { ends_at: { gte: now } }] }, select: { id: true }, take: 1 },
      },
    }),
  ]);
  const cards = products
    .filter((product) => product.variants.length > 0)
    .map((product) => ({ card: cardOf(product), groupId: product.group_id }));
  const groupIds = new Set(groups.map((group) => group.id));
  return {
    groups: groups
      .map((group) => ({
        id: group.id,
        name: group.name,
        imagePath: group.image && !group.image.deleted_at ? cdnPath(group.image.cdn_image_id) : null,
        badge: group.badge_text ? { text: group.badge_text, color: group.badge_color } : null,
        products: cards.filter((entry) => entry.groupId === group.id).map((entry) => entry.card),
      }))
      .filter((group) => group.products.length > 0),
    ungrouped: cards.filter((entry) => entry.groupId === null || !groupIds.has(entry.groupId)).map((entry) => entry.card),
  };
}

type CardRow = {
  id: number;
  name: string;
  path: string;
  currency: string;
  visibility: string;
  deliverables_type: string;
  out_of_stock_message: string | null;
  images: { image: { cdn_image_id: string } }[];
  variants: { price: Money; service_stock: number | null; unsold_serials: number }[];
  quantity_deals: { id: number }[];
};

function cardOf(product: CardRow): ProductCard {
  const lowest = product.variants.reduce<Money | null>(
    (min, variant) => (min === null || variant.price.lt(min) ? variant.price : min),
    null,
  );
  return {
    id: product.id,
    name: product.name,
    path: product.path,
    currency: product.currency,
    imagePath: cdnPath(product.images[0]?.image.cdn_image_id),
    priceFrom: lowest === null ? null : moneyString(lowest),
    stock: stockBand(productStockOf(product.deliverables_type, product.variants), product.out_of_stock_message),
    onHold: product.visibility === "on_hold",
    hasDeal: product.quantity_deals.length > 0,
  };
}

/** A product page: reachable (public, unlisted, on hold) products only; null is 404. */
export async function storefrontProduct(db: Db, shopId: number, path: string): Promise<StorefrontProduct | null> {
  const now = new Date();
  const product = await db.product.findFirst({
    where: { shop_id: shopId, path, deleted_at: null, visibility: { in: REACHABLE_VISIBILITIES } },
    select: {
      id: true,
      name: true,
      path: true,
      description: true,
      currency: true,
      visibility: true,
      deliverables_type: true,
      out_of_stock_message: true,
      quantity_min: true,
      quantity_max: true,
      payment_methods: true,
      updated_at: true,
      images: liveImage,
      variants: {
        where: { deleted_at: null },
        orderBy: [{ sort_priority: "asc" }, { id: "asc" }],
        select: { id: true, name: true, description: true, price: true, service_stock: true, unsold_serials: true },
      },
    },
  });
  if (!product || product.variants.length === 0) return null;
  const running = {
    enabled: true,
    AND: [{ OR: [{ starts_at: null }, { starts_at: { lte: now } }] }, { OR: [{ ends_at: null }, { ends_at: { gte: now } }] }],
  };
  const [deals, bundles, fields] = await Promise.all([
    db.quantityDeal.findMany({
      where: { shop_id: shopId, product_id: product.id, ...running },
      orderBy: [{ priority: "desc" }, { id: "asc" }],
    }),
    db.bundleOffer.findMany({
      where: { shop_id: shopId, ...running, items: { some: { product_id: product.id } } },
      orderBy: [{ priority: "desc" }, { id: "asc" }],
      select: {
        name: true,
        type: true,
        discount: true,
        items: { select: { product: { select: { name: true, path: true, visibility: true, deleted_at: true } } } },
      },
    }),
    customFieldsOf(db, shopId, [product.id]),
  ]);
  return {
    id: product.id,
    shopId,
    name: product.name,
    path: product.path,
    descriptionHtml: sanitizeSellerHtml(product.description),
    currency: product.currency,
    visibility: product.visibility as StorefrontProduct["visibility"],
    quantityMin: Math.max(1, product.quantity_min ?? 1),
    quantityMax: product.quantity_max,
    imagePaths: product.images.map((entry) => cdnPath(entry.image.cdn_image_id)!),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      description: variant.description,
      price: moneyString(variant.price),
      stock: stockBand(unitsOfVariant(product.deliverables_type, variant), product.out_of_stock_message),
    })),
    paymentMethods: product.payment_methods,
    deals: deals.map((deal) => ({
      name: deal.name,
      variantId: deal.variant_id,
      buy: deal.buy_quantity,
      discounted: deal.discounted_quantity,
      percentage: deal.percentage.toString(),
    })),
    bundles: bundles.map((bundle) => ({
      name: bundle.name,
      type: bundle.type,
      discount: moneyString(bundle.discount),
      products: bundle.items.map(({ product: member }) => ({
        name: member.name,
        path: member.deleted_at || !REACHABLE_VISIBILITIES.includes(member.visibility) ? null : member.path,
      })),
    })),
    customFields: fields,
    updatedAt: product.updated_at.toISOString(),
  };
}

export type StorefrontCustomField = {
  id: number;
  name: string;
  hint: string | null;
  placeholder: string | null;
  default: string | null;
  type: string;
  options: string[];
  required: boolean;
};

/** The custom fields a checkout of these products asks (the checkout's own rule: attached to any of them), in id order. */
export async function customFieldsOf(db: Db, shopId: number, productIds: number[]): Promise<StorefrontCustomField[]> {
  const fields = await db.customField.findMany({
    where: { shop_id: shopId, attachments: { some: { morphable_type: "product", morphable_id: { in: productIds } } } },
    orderBy: { id: "asc" },
    select: { id: true, name: true, hint: true, placeholder: true, default_value: true, type: true, options: true, is_required: true },
  });
  return fields.map((field) => ({
    id: field.id,
    name: field.name,
    hint: field.hint,
    placeholder: field.placeholder,
    default: field.default_value,
    type: field.type,
    options:
      field.type === "select" && field.options
        ? field.options
            .split(",")
            .map((option) => option.trim())
            .filter(Boolean)
        : [],
    required: field.is_required,
  }));
}

/** Paths of the shop's public products, for the sitemap (unlisted and on-hold pages are noindex). */
export async function indexableProducts(db: Db, shopId: number) {
  return db.product.findMany({
    where: { shop_id: shopId, deleted_at: null, visibility: "public" },
    orderBy: { id: "asc" },
    select: { path: true, updated_at: true },
  });
}
