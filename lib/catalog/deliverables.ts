import { execute, Prisma, query, type Db, type PrismaClient } from "../db";
import { invalid, notFound } from "../api/errors";
import { serializeCatalogVariant } from "./serialize";
import type {
  AppendedSerialsView,
  DeliverablesInput,
  OverwrittenSerialsView,
  ProductVariantView,
  RemovedSerialsView,
  StockInput,
  UnsoldSerialsView,
} from "./schemas";
import { variantStock } from "./stock";

type VariantRef = { shopId: number; productId: number; variantId: number };

/** A live variant of a live product of the shop, with the product's deliverables type. */
async function findVariant(db: Db, { shopId, productId, variantId }: VariantRef) {
  const product = await db.product.findFirst({
    where: { id: productId, shop_id: shopId, deleted_at: null },
    select: { deliverables_type: true },
  });
  if (!product) throw notFound("Product");
  const variant = await db.variant.findFirst({ where: { id: variantId, product_id: productId, deleted_at: null } });
  if (!variant) throw notFound("Variant");
  return { variant, deliverablesType: product.deliverables_type };
}

async function variantView(db: Db, variantId: number, deliverablesType: string): Promise<ProductVariantView> {
  const variant = await db.variant.findUniqueOrThrow({ where: { id: variantId } });
  const stock = variantStock([{ ...variant, product: { deliverables_type: deliverablesType } }]);
  return serializeCatalogVariant(variant, stock);
}

/**
 * PUT /products/{productId}/stock/{variantId}: the unit count of a service
 * variant, absolute (`stock`) or relative (`delta`). A delta is one
 * conditional UPDATE, so concurrent changes add up and never go below zero.
 * An uncounted (unlimited) service counts from 0 once a delta is applied.
 */
export async function setServiceStock(db: Db, ref: VariantRef, input: StockInput) {
  const { deliverablesType } = await findVariant(db, ref);
  const field = input.stock !== undefined ? "stock" : "delta";
  if (deliverablesType !== "service") throw invalid(field, "Stock can only be set on service variants; serial stock is its deliverables.");
  if (input.stock !== undefined) {
    await db.variant.update({ where: { id: ref.variantId }, data: { service_stock: input.stock } });
  } else {
    const changed = await execute(
      db,
      Prisma.sql`
      UPDATE variants SET service_stock = COALESCE(service_stock, 0) + ${input.delta!}, updated_at = now()
      WHERE id = ${ref.variantId} AND deleted_at IS NULL AND COALESCE(service_stock, 0) + ${input.delta!} >= 0`,
    );
    if (changed === 0) throw invalid("delta", "The delta would take the stock below zero.");
  }
  return variantView(db, ref.variantId, deliverablesType);
}

async function findSerialVariant(db: Db, ref: VariantRef) {
  const found = await findVariant(db, ref);
  if (found.deliverablesType !== "serials") throw invalid("deliverables", "Deliverables can only be managed on serial variants.");
  return found;
}

/** GET /products/{productId}/deliverables/{variantId}: the unsold serials, oldest first. */
export async function listUnsoldSerials(db: Db, ref: VariantRef): Promise<UnsoldSerialsView> {
  await findVariant(db, ref);
  const items = await db.stockItem.findMany({
    where: { variant_id: ref.variantId, invoice_item_id: null },
    select: { value: true },
    orderBy: { id: "asc" },
  });
  const deliverables = items.map((item) => item.value);
  return { variant_id: ref.variantId, count: deliverables.length, deliverables };
}

/** Lines of the request without repeats, in first-seen order. */
function distinct(lines: string[]): string[] {
  return [...new Set(lines)];
}

/*
 * Serials go in and out as one array parameter in one statement: Prisma's
 * createMany and `in` build objects and strings per row (a 10,000-line
 * upload took over 100 MB of heap), these a few hundred KB.
 */

/** Adds the lines a variant does not hold yet (sold or not); answers how many were added. */
function insertSerials(db: Db, variantId: number, lines: string[]): Promise<number> {
  if (!lines.length) return Promise.resolve(0);
  return execute(
    db,
    Prisma.sql`
    INSERT INTO stock_items (variant_id, value) SELECT ${variantId}, unnest(${lines}::text[])
    ON CONFLICT (variant_id, value) DO NOTHING`,
  );
}

/** Deletes those of the lines that are unsold serials of the variant; answers how many. */
function deleteUnsoldSerials(db: Db, variantId: number, lines: string[]): Promise<number> {
  if (!lines.length) return Promise.resolve(0);
  return execute(
    db,
    Prisma.sql`
    DELETE FROM stock_items WHERE variant_id = ${variantId} AND invoice_item_id IS NULL AND value = ANY(${lines}::text[])`,
  );
}

/**
 * PUT /deliverables/append/{variantId}. A line already in this variant's
 * stock (sold or not) or repeated in the request is a duplicate; the unique
 * (variant_id, value) index makes this hold under concurrent appends.
 */
export async function appendSerials(db: Db, ref: VariantRef, input: DeliverablesInput): Promise<AppendedSerialsView> {
  await findSerialVariant(db, ref);
  const added = await insertSerials(db, ref.variantId, distinct(input.deliverables));
  return { added, duplicates: input.deliverables.length - added };
}

/**
 * PUT /deliverables/overwrite/{variantId}: the unsold serials become exactly
 * the given lines; sold ones stay sold (and a line equal to a sold serial is
 * a duplicate). The variant row lock serialises overwrites and appends'
 * readers; a serial being delivered at that moment is row-locked by the
 * delivery, and the DELETE re-checks it once that commits, so it is never
 * both delivered and removed.
 */
export async function overwriteSerials(client: PrismaClient, ref: VariantRef, input: DeliverablesInput): Promise<OverwrittenSerialsView> {
  await findSerialVariant(client, ref);
  return client.$transaction(async (tx) => {
    await query(tx, Prisma.sql`SELECT id FROM variants WHERE id = ${ref.variantId} FOR UPDATE`);
    const removed = await tx.stockItem.deleteMany({ where: { variant_id: ref.variantId, invoice_item_id: null } });
    const added = await insertSerials(tx, ref.variantId, distinct(input.deliverables));
    return { added, duplicates: input.deliverables.length - added, removed: removed.count };
  });
}

/**
 * PUT /deliverables/remove/{variantId} (beyond the conventions' table, for
 * the dashboard): deletes the named unsold serials of the variant. Sold
 * serials are never touched; a serial being delivered at that moment is
 * row-locked by the delivery and re-checked by the DELETE once that commits.
 * `not_found` counts lines that were not an unsold serial of the variant.
 */
export async function removeSerials(db: Db, ref: VariantRef, input: DeliverablesInput): Promise<RemovedSerialsView> {
  await findSerialVariant(db, ref);
  const lines = distinct(input.deliverables);
  const removed = await deleteUnsoldSerials(db, ref.variantId, lines);
  return { removed, not_found: lines.length - removed };
}
