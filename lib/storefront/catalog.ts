import { SUBDOMAIN_LABEL } from "./paths";
import { isTextId } from "../api/params";
import { Prisma, query, type Db } from "../db";
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

/** A public group as a section's heading shows it; null: the section of products in no public group. */
export type SectionGroup = { id: number; name: string; imagePath: string | null; badge: { text: string; color: string | null } | null };

/**
 * One section of listed products, as the home and the catalog's pages head
 * them: a public group, or the products of no public group ("More
 * products", or "Products" in a shop with no group to show). `anchor` is
 * the id of its heading's section, the same on every page.
 */
export type CatalogSection = { anchor: string; name: string; group: SectionGroup | null; products: ProductCard[] };

export type HomeSection = CatalogSection & {
  /** How many products the section has in all; more than `products` holds: the home cut it. */
  total: number;
  /** The catalog page where the section starts. */
  page: number;
};

export type StorefrontHome = {
  sections: HomeSection[];
  /** Sections past HOME_SECTIONS, which the home leaves to the catalog's pages. */
  sectionsLeftOut: number;
};

export type StorefrontCatalogPage = { page: number; pageCount: number; sections: CatalogSection[] };

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

/** At most this many cards per section on the home; a longer section links to its catalog page. */
export const HOME_SECTION_CARDS = 12;
/** At most this many sections on the home; the rest are on the catalog's pages, behind "All products". */
export const HOME_SECTIONS = 20;
/** Products per catalog page (`/products`, `/products/2`, ...). */
export const CATALOG_PAGE_SIZE = 48;

/** How many catalog pages this many listed products fill: at least one, the empty catalog's page. */
export function catalogPageCount(listedProducts: number): number {
  return Math.max(1, Math.ceil(listedProducts / CATALOG_PAGE_SIZE));
}

/**
 * The listed products' rows, each with its public group (`g`, null when it
 * has none or its group is not public), for a statement to number and cut
 * in home order (HOME_ORDER). What "listed" means: public or on hold, not
 * deleted, with a variant a buyer can pick.
 */
function listedProducts(shop: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`products p
    LEFT JOIN groups g ON g.id = p.group_id AND g.shop_id = p.shop_id AND g.deleted_at IS NULL AND g.visibility = 'public'
    WHERE p.shop_id = ${shop} AND p.deleted_at IS NULL AND p.visibility IN (${Prisma.join(LISTED)})
      AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL)`;
}

/** Sections in order (public groups by their priority, then the products of none), and products in their section's order. */
const SECTION_ORDER = Prisma.sql`g.id IS NULL, g.sort_priority, g.id`;
const ORDER_IN_SECTION = Prisma.sql`p.group_sort_priority, p.sort_priority, p.id`;
const HOME_ORDER = Prisma.sql`${SECTION_ORDER}, ${ORDER_IN_SECTION}`;

type SectionRow = { id: number; group_id: number | null };

/**
 * The home page: the first HOME_SECTIONS sections, each with its first
 * HOME_SECTION_CARDS cards, how many products it has and the catalog page
 * where it starts. Raw SQL: numbering rows within their section and across
 * the catalog is a window function, which Prisma's API cannot express; so
 * the cut happens in the database, and only the cards shown are read.
 */
export async function storefrontHome(db: Db, shopId: number): Promise<StorefrontHome> {
  const rows = await query<SectionRow & { section: number; sections: number; total: number; first_position: number }>(
    db,
    Prisma.sql`SELECT id, group_id, section, sections, total, first_position
      FROM (SELECT *, max(section) OVER () AS sections, position - rank + 1 AS first_position
            FROM (SELECT p.id, g.id AS group_id,
                    row_number() OVER (ORDER BY ${HOME_ORDER})::int AS position,
                    row_number() OVER (PARTITION BY g.id ORDER BY ${ORDER_IN_SECTION})::int AS rank,
                    count(*) OVER (PARTITION BY g.id)::int AS total,
                    dense_rank() OVER (ORDER BY ${SECTION_ORDER})::int AS section
                  FROM ${listedProducts(Prisma.sql`${shopId}`)}) numbered) listed
      WHERE rank <= ${HOME_SECTION_CARDS} AND section <= ${HOME_SECTIONS}
      ORDER BY position`,
  );
  // the ungrouped section comes last, so it is on the home only after every group: the rows tell whether one is there
  const sections = await sectionsOf(
    db,
    rows,
    rows.some((row) => row.group_id !== null),
  );
  return {
    sections: sections.map((section) => {
      const first = rows.find((row) => anchorOf(row.group_id) === section.anchor)!;
      return { ...section, total: first.total, page: Math.ceil(first.first_position / CATALOG_PAGE_SIZE) };
    }),
    sectionsLeftOut: Math.max(0, (rows[0]?.sections ?? 0) - HOME_SECTIONS),
  };
}

/**
 * One page of the catalog: every listed product in home order,
 * CATALOG_PAGE_SIZE a page, under the headings of the sections they belong
 * to. Null: the page is past the last (page 1 always exists, empty in a
 * shop with nothing listed). Raw SQL for the same reason as the home's
 * (the catalog's size and whether any group shows come with the rows).
 */
export async function storefrontCatalogPage(db: Db, shopId: number, page: number): Promise<StorefrontCatalogPage | null> {
  if (!Number.isSafeInteger(page) || page < 1) return null;
  const rows = await query<SectionRow & { total: number; grouped: number }>(
    db,
    Prisma.sql`SELECT p.id, g.id AS group_id, count(*) OVER ()::int AS total, count(g.id) OVER ()::int AS grouped
      FROM ${listedProducts(Prisma.sql`${shopId}`)}
      ORDER BY ${HOME_ORDER}
      LIMIT ${CATALOG_PAGE_SIZE} OFFSET ${(page - 1) * CATALOG_PAGE_SIZE}`,
  );
  if (!rows.length && page > 1) return null;
  return {
    page,
    pageCount: catalogPageCount(rows[0]?.total ?? 0),
    sections: await sectionsOf(db, rows, (rows[0]?.grouped ?? 0) > 0),
  };
}

/**
 * How many products the shop of this subdomain lists (its catalog's size,
 * which bounds its page numbers: lib/storefront/page-gate.ts). Raw SQL: the
 * listing's rule is written once, in listedProducts.
 */
export async function listedProductCount(db: Db, subdomain: string): Promise<number> {
  const shop = Prisma.sql`(SELECT s.id FROM shops s WHERE s.subdomain = ${subdomain} AND s.deleted_at IS NULL)`;
  const [row] = await query<{ total: number }>(db, Prisma.sql`SELECT count(*)::int AS total FROM ${listedProducts(shop)}`);
  return row?.total ?? 0;
}

/** A section's id on a page, the fragment its "See all" link names. */
function anchorOf(groupId: number | null): string {
  return groupId === null ? "ungrouped" : `group-${groupId}`;
}

/** Rows in home order, grouped into their sections with their groups' headings and their cards. */
async function sectionsOf(db: Db, rows: SectionRow[], shopHasGroups: boolean): Promise<CatalogSection[]> {
  const groupIds = [...new Set(rows.flatMap((row) => (row.group_id === null ? [] : [row.group_id])))];
  const [groups, cards] = await Promise.all([
    groupIds.length
      ? db.group.findMany({
          where: { id: { in: groupIds } },
          select: {
            id: true,
            name: true,
            badge_text: true,
            badge_color: true,
            image: { select: { cdn_image_id: true, deleted_at: true } },
          },
        })
      : [],
    cardsOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const sections: CatalogSection[] = [];
  for (const row of rows) {
    const card = cards.get(row.id);
    // deleted between the two reads: the next render (its edit expired this one) leaves it out
    if (!card) continue;
    const anchor = anchorOf(row.group_id);
    let section = sections.at(-1);
    if (section?.anchor !== anchor) {
      const group = row.group_id === null ? undefined : groupById.get(row.group_id);
      section = {
        anchor,
        name: group?.name ?? (shopHasGroups ? "More products" : "Products"),
        group: group
          ? {
              id: group.id,
              name: group.name,
              imagePath: group.image && !group.image.deleted_at ? cdnPath(group.image.cdn_image_id) : null,
              badge: group.badge_text ? { text: group.badge_text, color: group.badge_color } : null,
            }
          : null,
        products: [],
      };
      sections.push(section);
    }
    section.products.push(card);
  }
  return sections;
}

/** The cards of these products, by id. */
async function cardsOf(db: Db, ids: number[]): Promise<Map<number, ProductCard>> {
  if (!ids.length) return new Map();
  const now = new Date();
  const products = await db.product.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      name: true,
      path: true,
      currency: true,
      visibility: true,
      deliverables_type: true,
      out_of_stock_message: true,
      images: { ...liveImage, take: 1 },
      variants: { where: { deleted_at: null }, select: { price: true, service_stock: true, unsold_serials: true } },
      quantity_deals: { where: { enabled: true, OR: [{ ends_at: null }, { ends_at: { gte: now } }] }, select: { id: true }, take: 1 },
    },
  });
  return new Map(products.map((product) => [product.id, cardOf(product)]));
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
  if (!isTextId(path)) return null;
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
