import { Prisma, query, type Db } from "../db";
import { invalid } from "../api/errors";
import { offsetOf } from "../api/pagination";
import type { ListProductsQuery, ProductOrderColumn } from "./schemas";
import { productViews } from "./views";
import { likePattern } from "../validation/like-pattern";

/**
 * Sort keys are SQL expressions: `price` is the lowest live variant price,
 * `products_sold` the units on completed invoices. Fixed strings, never input.
 */
const ORDER_EXPRESSIONS: Record<ProductOrderColumn, Prisma.Sql> = {
  id: Prisma.sql`p.id`,
  name: Prisma.sql`lower(p.name)`,
  price: Prisma.sql`(SELECT MIN(v.price) FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL)`,
  products_sold: Prisma.sql`(SELECT COALESCE(SUM(ii.quantity), 0) FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
                             WHERE ii.product_id = p.id AND i.status = 'completed')`,
};

function whereClause(shopId: number, query: ListProductsQuery): Prisma.Sql {
  const conditions = [Prisma.sql`p.shop_id = ${shopId}`, Prisma.sql`p.deleted_at IS NULL`];
  if (query.name) conditions.push(Prisma.sql`p.name ILIKE ${likePattern(query.name)}`);
  if (query.ids) conditions.push(query.ids.length ? Prisma.sql`p.id IN (${Prisma.join(query.ids)})` : Prisma.sql`FALSE`);
  if (query.group_ids)
    conditions.push(query.group_ids.length ? Prisma.sql`p.group_id IN (${Prisma.join(query.group_ids)})` : Prisma.sql`FALSE`);
  if (query.visibilities?.length) conditions.push(Prisma.sql`p.visibility IN (${Prisma.join(query.visibilities)})`);
  if (query.type) conditions.push(Prisma.sql`p.type = ${query.type}`);
  if (query.deliverables_type) conditions.push(Prisma.sql`p.deliverables_type = ${query.deliverables_type}`);
  if (query.paths) conditions.push(query.paths.length ? Prisma.sql`p.path IN (${Prisma.join(query.paths)})` : Prisma.sql`FALSE`);
  if (query.variant_name)
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL AND v.name ILIKE ${likePattern(query.variant_name)})`,
    );
  if (query.group_null !== undefined)
    conditions.push(query.group_null ? Prisma.sql`p.group_id IS NULL` : Prisma.sql`p.group_id IS NOT NULL`);
  return Prisma.join(conditions, " AND ");
}

/** What `all=true` may answer in one page: a catalog of hundreds fits, a runaway request does not. */
export const MAX_ALL_PRODUCTS = 2_000;

/**
 * GET /products: one page of live products in the seller envelope's data,
 * the total, and the page it is (`all=true`: every match as page 1, or 422
 * on `all` past MAX_ALL_PRODUCTS).
 */
export async function listProducts(db: Db, shopId: number, filters: ListProductsQuery) {
  const where = whereClause(shopId, filters);
  const direction = filters.orderDirection === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const order = ORDER_EXPRESSIONS[filters.orderColumn];
  const count = async () =>
    Number(
      (await query<{ total: bigint | number }>(db, Prisma.sql`SELECT COUNT(*) AS total FROM products p WHERE ${where}`))[0]?.total ?? 0,
    );
  const ids = (window: Prisma.Sql) =>
    query<{ id: number }>(
      db,
      Prisma.sql`SELECT p.id FROM products p WHERE ${where}
      ORDER BY ${order} ${direction} NULLS LAST, p.id ${direction} ${window}`,
    );
  let rows: { id: number }[];
  let total: number;
  if (filters.all) {
    total = await count();
    if (total > MAX_ALL_PRODUCTS)
      throw invalid(
        "all",
        `${total} products match: all returns at most ${MAX_ALL_PRODUCTS}. Narrow the filters or page through the list.`,
      );
    rows = await ids(Prisma.empty);
  } else {
    [rows, total] = await Promise.all([ids(Prisma.sql`LIMIT ${filters.perPage} OFFSET ${offsetOf(filters)}`), count()]);
  }
  const data = await productViews(
    db,
    rows.map((row) => Number(row.id)),
  );
  const page = filters.all ? { page: 1, perPage: Math.max(1, total) } : { page: filters.page, perPage: filters.perPage };
  return { data, total, page };
}
