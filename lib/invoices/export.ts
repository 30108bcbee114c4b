import { Prisma, query, type Db } from "../db";
import { csvResponse, EXPORT_BATCH, exportFilename, type CsvCell } from "../exports/csv-response";
import { moneyStringOrNull } from "../money";
import { whereClause } from "./list";
import { INVOICE_EXPORT_COLUMNS, type ListInvoicesFilters } from "./schemas";

type ExportRow = {
  id: number;
  unique_id: string;
  status: string;
  email: string;
  customer_id: number | null;
  items: string | null;
  price: Prisma.Decimal;
  currency: string;
  price_usd: Prisma.Decimal;
  paid_usd: Prisma.Decimal | null;
  gateway: string | null;
  coupon_code: string | null;
  manual: boolean;
  archived: boolean;
  ip: string | null;
  created_at: Date;
  completed_at: Date | null;
};

function cellsOf(row: ExportRow): CsvCell[] {
  return [
    row.id,
    row.unique_id,
    row.status,
    row.email,
    row.customer_id,
    row.items,
    moneyStringOrNull(row.price),
    row.currency,
    moneyStringOrNull(row.price_usd),
    moneyStringOrNull(row.paid_usd),
    row.gateway,
    row.coupon_code,
    row.manual ? 1 : 0,
    row.archived ? 1 : 0,
    row.ip,
    row.created_at.toISOString(),
    row.completed_at?.toISOString() ?? null,
  ];
}

/**
 * GET /v1/shops/{shopId}/invoices/export: every invoice the list's filters
 * match (the list's own WHERE), as CSV. Rows come in id order
 * (`orderDirection`, newest first by default; `orderColumn`, `page`,
 * `perPage` and `all` do not apply), keyset-paged on the id so each batch is
 * an index range scan however deep the export is, and an invoice created
 * during the export cannot shift rows between batches. `items` lists each
 * line as `product / variant x quantity`, separated by `; `.
 */
export function exportInvoices(db: Db, shopId: number, filters: ListInvoicesFilters): Response {
  const where = whereClause(shopId, filters);
  const descending = filters.orderDirection === "desc";
  const order = descending ? Prisma.sql`i.id DESC` : Prisma.sql`i.id ASC`;
  return csvResponse<number>(exportFilename("invoices", shopId), INVOICE_EXPORT_COLUMNS, async (after) => {
    const keyset = after === null ? Prisma.empty : descending ? Prisma.sql`AND i.id < ${after}` : Prisma.sql`AND i.id > ${after}`;
    const rows = await query<ExportRow>(
      db,
      Prisma.sql`
      SELECT i.id, i.unique_id, i.status, i.email, i.customer_id,
        (SELECT string_agg(ii.product_name || ' / ' || ii.variant_name || ' x' || ii.quantity, '; ' ORDER BY ii.id)
           FROM invoice_items ii WHERE ii.invoice_id = i.id) AS items,
        i.price, i.currency, i.price_usd, i.paid_usd, i.gateway, c.code AS coupon_code, i.manual, i.archived, i.ip,
        i.created_at, i.completed_at
      FROM invoices i LEFT JOIN coupons c ON c.id = i.coupon_id
      WHERE ${where} ${keyset}
      ORDER BY ${order} LIMIT ${EXPORT_BATCH}`,
    );
    return rows.map((row) => ({ key: row.id, cells: cellsOf(row) }));
  });
}
