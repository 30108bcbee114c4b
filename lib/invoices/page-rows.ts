import { Prisma, type Db } from "../db";
import { queryRows } from "../db/query-rows";
import type { InvoiceForList, ListedVariant } from "./serialize";

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
      i.manual, i.created_at, i.completed_at, i.archived, i.unique_id,
      p.name AS product_name, p.deliverables_type AS product_deliverables_type,
      (SELECT json_agg(json_build_object('service_stock', pv.service_stock, 'unsold_serials', pv.unsold_serials))
         FROM variants pv WHERE pv.product_id = p.id AND pv.deleted_at IS NULL) AS product_variants,
      v.id AS v_id, v.product_id AS v_product_id, v.name AS v_name, v.description AS v_description, v.price AS v_price,
      v.dynamic_url AS v_dynamic_url, v.sort_priority AS v_sort_priority, v.created_at AS v_created_at,
      v.updated_at AS v_updated_at, v.deleted_at AS v_deleted_at,
      ${total ?? Prisma.sql`NULL`}::bigint AS total
    FROM page
    JOIN invoices i ON i.id = page.id
    LEFT JOIN products p ON p.id = i.product_id
    LEFT JOIN variants v ON v.id = i.variant_id
    ORDER BY page.position`,
  );
  return { rows: rows.map(listItemOf), total: rows[0]?.total == null ? null : Number(rows[0].total) };
}

type PageRow = Omit<InvoiceForList, "product" | "variant"> & {
  product_name: string | null;
  product_deliverables_type: string | null;
  product_variants: { service_stock: number | null; unsold_serials: number }[] | null;
  v_id: number | null;
  v_product_id: number;
  v_name: string;
  v_description: string;
  v_price: Prisma.Decimal;
  v_dynamic_url: string | null;
  v_sort_priority: number;
  v_created_at: Date;
  v_updated_at: Date;
  v_deleted_at: Date | null;
  total: bigint | number | null;
};

function listItemOf(row: PageRow): InvoiceForList {
  const variant: ListedVariant | null =
    row.v_id === null
      ? null
      : {
          id: row.v_id,
          product_id: row.v_product_id,
          name: row.v_name,
          description: row.v_description,
          price: row.v_price,
          dynamic_url: row.v_dynamic_url,
          sort_priority: row.v_sort_priority,
          created_at: row.v_created_at,
          updated_at: row.v_updated_at,
          deleted_at: row.v_deleted_at,
        };
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
    product:
      row.product_id !== null && row.product_name !== null
        ? {
            id: row.product_id,
            name: row.product_name,
            deliverables_type: row.product_deliverables_type!,
            variants: row.product_variants ?? [],
          }
        : null,
    variant,
  };
}
