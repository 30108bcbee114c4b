import { Prisma, type Db } from "../db";
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
  return Prisma.join(conditions, " AND ");
}

/** GET /products: one page of live products in the seller envelope's data, and the total. */
export async function listProducts(db: Db, shopId: number, query: ListProductsQuery) {
  const where = whereClause(shopId, query);
  const direction = query.orderDirection === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const order = ORDER_EXPRESSIONS[query.orderColumn];
  const [rows, counted] = await Promise.all([
    db.$queryRaw<{ id: number }[]>`SELECT p.id FROM products p WHERE ${where}
      ORDER BY ${order} ${direction} NULLS LAST, p.id ${direction}
      LIMIT ${query.perPage} OFFSET ${offsetOf(query)}`,
    db.$queryRaw<{ total: bigint | number }[]>`SELECT COUNT(*) AS total FROM products p WHERE ${where}`,
  ]);
  const data = await productViews(
    db,
    rows.map((row) => Number(row.id)),
  );
  return { data, total: Number(counted[0]?.total ?? 0) };
}
