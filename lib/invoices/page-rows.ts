import { Prisma, type Db } from "../db";
import { queryRows } from "../db/query-rows";
import { LISTED_RELATION_COLUMNS, LISTED_RELATION_JOINS, listedRelationsOf, type ListedRelationColumns } from "./listed-relations";
import type { InvoiceForList } from "./serialize";

/**
 * One page of the invoice list in ONE statement: the page's ids in index
 * order, then each invoice with its product (and the stock columns of the
 * product's live variants) and its variant, and, when the counters can answer
 * it, the total. At several hundred requests a second every round trip to
 * PostgreSQL costs CPU on both sides; a Prisma `include` would be a second
 * statement after the ids, since the list's WHERE is SQL Prisma cannot express.
 */
export async function pageRows(
  db: Db,
  where: Prisma.Sql,
  order: Prisma.Sql,
  window: { limit: number; offset: number } | null,
  total: Prisma.Sql | null,
): Promise<{ rows: InvoiceForList[]; total: number | null }> {
  const limit = window ? Prisma.sql`LIMIT ${window.limit} OFFSET ${window.offset}` : Prisma.empty;
  const rows = await queryRows<PageRow>(
    db,
    Prisma.sql`
    WITH page AS MATERIALIZED (
      SELECT i.id, row_number() OVER (ORDER BY ${order}) AS position
      FROM invoices i WHERE ${where} ORDER BY ${order} ${limit}
    )
    SELECT i.id, i.status, i.product_id, i.variant_id, i.price, i.currency, i.gateway, i.email, i.salt,
      i.manual, i.created_at, i.completed_at, i.archived, i.unique_id, ${LISTED_RELATION_COLUMNS},
      ${total ?? Prisma.sql`NULL`}::bigint AS total
    FROM page
    JOIN invoices i ON i.id = page.id ${LISTED_RELATION_JOINS}
    ORDER BY page.position`,
  );
  return { rows: rows.map(listItemOf), total: rows[0]?.total == null ? null : Number(rows[0].total) };
}

type PageRow = Omit<InvoiceForList, "product" | "variant"> & ListedRelationColumns & { total: bigint | number | null };

function listItemOf(row: PageRow): InvoiceForList {
  return {
    id: row.id,
    status: row.status,
    product_id: row.product_id,
    variant_id: row.variant_id,
    price: row.price,
    currency: row.currency,
    gateway: row.gateway,
    email: row.email,
    salt: row.salt,
    manual: row.manual,
    created_at: row.created_at,
    completed_at: row.completed_at,
    archived: row.archived,
    unique_id: row.unique_id,
    ...listedRelationsOf(row),
  };
}
