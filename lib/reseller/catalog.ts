import type { Product, Reseller, Variant } from "../generated/prisma/client";
import { Prisma, query, type Db } from "../db";
import { variantStock } from "../catalog/stock";
import { appUrl } from "../env";
import { applyPercentDiscount, moneyNumber } from "../money";
import { offsetOf, resellerEnvelope, type Page } from "../api/pagination";
import { dynamicTokenOf } from "./credentials";
import type { ResellerPage } from "../api/schemas";
import type { ResellerCatalogProductView } from "./schemas";
import { currentTier, discountOf } from "./tiers";

/**
 * The reseller catalog of a shop: live, listed (public or unlisted) products
 * whose units can be handed over at once, i.e. serial keys and dynamic
 * deliveries. Services and add-ons are not resold.
 */
export const RESOLD_DELIVERABLES = ["serials", "dynamic"] as const;
const RESOLD_VISIBILITIES = ["public", "unlisted"] as const;

/** The catalog's rule in both forms, side by side: Prisma's condition, and SQL over `products p`. */
export function catalogProducts(shopId: number): { where: Prisma.ProductWhereInput; sql: Prisma.Sql } {
  return {
    where: {
      shop_id: shopId,
      deleted_at: null,
      visibility: { in: [...RESOLD_VISIBILITIES] },
      type: "variant",
      deliverables_type: { in: [...RESOLD_DELIVERABLES] },
    },
    sql: Prisma.sql`p.shop_id = ${shopId} AND p.deleted_at IS NULL AND p.visibility = ANY(${[...RESOLD_VISIBILITIES]}::text[])
      AND p.type = 'variant' AND p.deliverables_type = ANY(${[...RESOLD_DELIVERABLES]}::text[])`,
  };
}

/** Where a reseller's shop sends dynamic-delivery requests for one variant. */
export function dynamicUrlFor(token: string, productId: number, variantId: number): string {
  return `${appUrl()}/v1/reseller/dynamic/${encodeURIComponent(token)}?product_id=${productId}&variant_id=${variantId}`;
}

/** GET /v1/reseller/products */
export async function listCatalog(db: Db, reseller: Reseller, page: Page): Promise<ResellerPage<ResellerCatalogProductView>> {
  const { where } = catalogProducts(reseller.shop_id);
  const [total, products, { tier }] = await Promise.all([
    db.product.count({ where }),
    db.product.findMany({
      where,
      orderBy: [{ sort_priority: "asc" }, { id: "asc" }],
      skip: offsetOf(page),
      take: page.perPage,
      include: { variants: { where: { deleted_at: null }, orderBy: [{ sort_priority: "asc" }, { id: "asc" }] } },
    }),
    currentTier(db, reseller.shop_id, reseller.id),
  ]);
  const discount = discountOf(tier);
  const token = dynamicTokenOf(reseller);
  const stock = variantStock(
    products.flatMap((product) =>
      product.variants.map((variant) => ({ ...variant, product: { deliverables_type: product.deliverables_type } })),
    ),
  );
  const data = products.map((product): ResellerCatalogProductView => ({
    id: product.id,
    name: product.name,
    currency: product.currency,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      price: moneyNumber(variant.price),
      reseller_price: moneyNumber(applyPercentDiscount(variant.price, discount)),
      discount_percentage: discount.toNumber(),
      stock: stock.get(variant.id) ?? 0,
      deliverables_type: product.deliverables_type,
      dynamic_url: dynamicUrlFor(token, product.id, variant.id),
    })),
  }));
  return resellerEnvelope(page, data, total);
}

/**
 * A variant as a purchase needs it: the whole row, its product, and the stock
 * columns of the product's live variants (the purchase's webhook payload is
 * the seller's invoice view, built without reading the invoice back).
 */
export type CatalogVariant = Variant & {
  product: Pick<Product, "id" | "name" | "currency" | "deliverables_type"> & {
    variants: Pick<Variant, "id" | "service_stock" | "unsold_serials">[];
  };
};

/**
 * The catalog variants named by (product_id, variant_id) pairs; a pair not
 * in the catalog is null. `wrongProduct` marks pairs whose variant is in the
 * catalog under another product.
 */
export async function findCatalogVariants(db: Db, shopId: number, pairs: { product_id: number; variant_id: number }[]) {
  const found = await catalogVariantsById(db, shopId, pairs);
  return pairs.map((pair) => {
    const variant = found.get(pair.variant_id);
    return variant && variant.product.id === pair.product_id ? variant : null;
  });
}

export async function wrongProductIndexes(db: Db, shopId: number, pairs: { product_id: number; variant_id: number }[]) {
  const found = await catalogVariantsById(db, shopId, pairs);
  return new Set(
    pairs.flatMap((pair, index) => {
      const variant = found.get(pair.variant_id);
      return variant && variant.product.id !== pair.product_id ? [index] : [];
    }),
  );
}

/**
 * Every purchase reads its variants before it takes the reseller's lock: one
 * statement below Prisma (lib/db/query.ts), with the catalog's rule
 * (`catalogProducts`) in its SQL form.
 */
async function catalogVariantsById(
  db: Db,
  shopId: number,
  pairs: { product_id: number; variant_id: number }[],
): Promise<Map<number, CatalogVariant>> {
  const ids = [...new Set(pairs.map((pair) => pair.variant_id))];
  const rows = await query<CatalogVariant>(
    db,
    Prisma.sql`
    SELECT v.*, json_build_object('id', p.id, 'name', p.name, 'currency', p.currency, 'deliverables_type', p.deliverables_type,
      'variants', (SELECT coalesce(json_agg(json_build_object('id', pv.id, 'service_stock', pv.service_stock, 'unsold_serials', pv.unsold_serials)), '[]')
                   FROM variants pv WHERE pv.product_id = p.id AND pv.deleted_at IS NULL)) AS product
    FROM variants v JOIN products p ON p.id = v.product_id
    WHERE v.id = ANY(${ids}::int[]) AND v.shop_id = ${shopId} AND v.deleted_at IS NULL AND ${catalogProducts(shopId).sql}`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}
