import { Prisma, query, type Db } from "../db";
import { invalid } from "../api/errors";
import { offsetOf } from "../api/pagination";
import { likePattern } from "../validation/like-pattern";
import type { ExternalIdType, InvoiceOrderColumn, ListInvoicesFilters } from "./schemas";
import { invoiceIdMatch } from "./find";
import { pageRows } from "./page-rows";
import { serializeInvoiceListItem } from "./serialize";

/** `all=true` exports every match in one page, up to this many (API-CONVENTIONS). */
export const MAX_ALL_INVOICES = 10_000;

/**
 * Each sort as the index that serves it reads, forwards for DESC and
 * backwards for ASC: `id` and `created_at` (never NULL) by their own
 * indexes; the nullable columns with NULL as the smallest value (an unpaid
 * invoice comes last in `paid_usd desc`), by (shop_id, column DESC NULLS
 * LAST, id DESC) indexes. `id` breaks ties. An ORDER BY that differs from
 * its index in NULLS placement makes PostgreSQL sort every invoice of the shop.
 */
const ORDER_CLAUSES: Record<InvoiceOrderColumn, { desc: Prisma.Sql; asc: Prisma.Sql }> = {
  id: { desc: Prisma.sql`i.id DESC`, asc: Prisma.sql`i.id ASC` },
  created_at: { desc: Prisma.sql`i.created_at DESC, i.id DESC`, asc: Prisma.sql`i.created_at ASC, i.id ASC` },
  price_usd: { desc: Prisma.sql`i.price_usd DESC NULLS LAST, i.id DESC`, asc: Prisma.sql`i.price_usd ASC NULLS FIRST, i.id ASC` },
  paid_usd: { desc: Prisma.sql`i.paid_usd DESC NULLS LAST, i.id DESC`, asc: Prisma.sql`i.paid_usd ASC NULLS FIRST, i.id ASC` },
  completed_at: { desc: Prisma.sql`i.completed_at DESC NULLS LAST, i.id DESC`, asc: Prisma.sql`i.completed_at ASC NULLS FIRST, i.id ASC` },
};

const EXTERNAL_ID_SQL: Record<ExternalIdType, Prisma.Sql> = {
  cardproc_pi_id: Prisma.sql`i.cardproc_pi_id`,
  appB_transaction_id: Prisma.sql`i.app_b_transaction_id`,
  appB_receipt_id: Prisma.sql`i.app_b_receipt_id`,
  walletAff_transaction_id: Prisma.sql`i.wallet_aff_transaction_id`,
  crypto_address: Prisma.sql`i.crypto_address`,
  chat_user_id: Prisma.sql`i.chat_user_id`,
};

/** Filters that a text column contains (case-insensitive, `%` and `_` literal). */
const TEXT_COLUMNS = {
  email: Prisma.sql`i.email`,
  ip: Prisma.sql`i.ip`,
  chat_id: Prisma.sql`i.chat_user_id`,
  chat_username: Prisma.sql`i.chat_username`,
  appB_note: Prisma.sql`i.app_b_note`,
  walletAff_note: Prisma.sql`i.wallet_aff_note`,
  appC_note: Prisma.sql`i.app_c_note`,
} as const;

function selectedKeys(selection: Record<string, boolean> | undefined): string[] {
  return selection ? Object.keys(selection).filter((key) => selection[key]) : [];
}

/**
 * The list's WHERE, in SQL in SQL: the filters of the spec include substring
 * matches inside delivered items and custom-field answers that Prisma's
 * `where` cannot express. Column names here are fixed strings, never input.
 */
export function whereClause(shopId: number, filters: ListInvoicesFilters): Prisma.Sql {
  const conditions = [Prisma.sql`i.shop_id = ${shopId}`];
  const add = (condition: Prisma.Sql) => conditions.push(condition);

  if (filters.id !== undefined) add(invoiceIdMatch(filters.id).sql);
  if (filters.statuses?.length) add(Prisma.sql`i.status IN (${Prisma.join(filters.statuses)})`);
  for (const [field, column] of Object.entries(TEXT_COLUMNS) as [keyof typeof TEXT_COLUMNS, Prisma.Sql][]) {
    const value = filters[field];
    if (value !== undefined) add(Prisma.sql`${column} ILIKE ${likePattern(value)}`);
  }
  const gateways = selectedKeys(filters.gateways);
  if (gateways.length) add(Prisma.sql`i.gateway IN (${Prisma.join(gateways)})`);
  const paymentMethods = selectedKeys(filters.payment_method_ids);
  if (paymentMethods.length) add(Prisma.sql`i.payment_method_id IN (${Prisma.join(paymentMethods)})`);
  // date ranges are inclusive at both ends
  if (filters.created_at_start) add(Prisma.sql`i.created_at >= ${filters.created_at_start}`);
  if (filters.created_at_end) add(Prisma.sql`i.created_at <= ${filters.created_at_end}`);
  if (filters.completed_at_start) add(Prisma.sql`i.completed_at >= ${filters.completed_at_start}`);
  if (filters.completed_at_end) add(Prisma.sql`i.completed_at <= ${filters.completed_at_end}`);
  // names match the live catalog and the names the items were sold under
  if (filters.product_name !== undefined) {
    const pattern = likePattern(filters.product_name);
    add(Prisma.sql`(EXISTS (SELECT 1 FROM products p WHERE p.id = i.product_id AND p.name ILIKE ${pattern})
      OR EXISTS (SELECT 1 FROM invoice_items ii WHERE ii.invoice_id = i.id AND ii.product_name ILIKE ${pattern}))`);
  }
  if (filters.variant_name !== undefined) {
    const pattern = likePattern(filters.variant_name);
    add(Prisma.sql`(EXISTS (SELECT 1 FROM variants v WHERE v.id = i.variant_id AND v.name ILIKE ${pattern})
      OR EXISTS (SELECT 1 FROM invoice_items ii WHERE ii.invoice_id = i.id AND ii.variant_name ILIKE ${pattern}))`);
  }
  if (filters.coupon_code !== undefined) {
    add(Prisma.sql`EXISTS (SELECT 1 FROM coupons c WHERE c.id = i.coupon_id AND c.code ILIKE ${likePattern(filters.coupon_code)})`);
  }
  if (filters.deliverable !== undefined) {
    add(Prisma.sql`EXISTS (SELECT 1 FROM invoice_items ii, unnest(ii.delivered) AS line
      WHERE ii.invoice_id = i.id AND line ILIKE ${likePattern(filters.deliverable)})`);
  }
  if (filters.custom_field !== undefined) {
    add(Prisma.sql`EXISTS (SELECT 1 FROM custom_field_attachments a
      WHERE a.morphable_type = 'invoice' AND a.morphable_id = i.id AND a.value ILIKE ${likePattern(filters.custom_field)})`);
  }
  if (filters.archived !== undefined) add(Prisma.sql`i.archived = ${filters.archived}`);
  if (filters.manual !== undefined) add(Prisma.sql`i.manual = ${filters.manual}`);
  if (filters.external_id_type !== undefined && filters.external_id_value !== undefined) {
    add(Prisma.sql`${EXTERNAL_ID_SQL[filters.external_id_type]} ILIKE ${likePattern(filters.external_id_value)}`);
  }
  if (filters.customer_id !== undefined) add(Prisma.sql`i.customer_id = ${filters.customer_id}`);
  return Prisma.join(conditions, " AND ");
}

const COUNTER_FIELDS = new Set(["page", "perPage", "orderColumn", "orderDirection", "statuses", "all"]);

/** Only statuses (or nothing) filter the list: the trigger-kept counters answer the total. */
function countsAnswerTotal(filters: ListInvoicesFilters): boolean {
  return Object.entries(filters).every(([field, value]) => COUNTER_FIELDS.has(field) || value === undefined);
}

/** The total as SQL: a sum of the trigger-kept counters when they can answer, else a live count. */
function totalSql(shopId: number, filters: ListInvoicesFilters, where: Prisma.Sql): { sql: Prisma.Sql; fromCounters: boolean } {
  if (countsAnswerTotal(filters)) {
    const statuses = filters.statuses?.length ? Prisma.sql`AND status IN (${Prisma.join(filters.statuses)})` : Prisma.empty;
    return {
      sql: Prisma.sql`(SELECT COALESCE(SUM(count), 0) FROM invoice_status_counts WHERE shop_id = ${shopId} ${statuses})`,
      fromCounters: true,
    };
  }
  return { sql: Prisma.sql`(SELECT COUNT(*) FROM invoices i WHERE ${where})`, fromCounters: false };
}

async function countOf(db: Db, total: Prisma.Sql): Promise<number> {
  const [row] = await query<{ total: bigint }>(db, Prisma.sql`SELECT ${total}::bigint AS total`);
  return Number(row?.total ?? 0);
}

/**
 * GET /invoices: one page of invoice list items and the total of matches.
 * With `all`, every match in one page (`perPage` is then the number found).
 * A counter-answered total rides in the page's statement; a live count runs
 * beside it (it scans the matches, which the page does not).
 */
export async function listInvoices(db: Db, shopId: number, filters: ListInvoicesFilters) {
  const where = whereClause(shopId, filters);
  const order = ORDER_CLAUSES[filters.orderColumn][filters.orderDirection];
  const total = totalSql(shopId, filters, where);
  if (filters.all) {
    const count = await countOf(db, total.sql);
    if (count > MAX_ALL_INVOICES) {
      throw invalid(
        "all",
        `${count} invoices match: all returns at most ${MAX_ALL_INVOICES}. Narrow the filters or page through the list.`,
      );
    }
    const { rows } = await pageRows(db, where, order, null, null);
    return { page: { page: 1, perPage: Math.max(1, count) }, data: rows.map((invoice) => serializeInvoiceListItem(invoice)), total: count };
  }
  const window = { limit: filters.perPage, offset: offsetOf(filters) };
  const [page, liveCount] = await Promise.all([
    pageRows(db, where, order, window, total.fromCounters ? total.sql : null),
    total.fromCounters ? null : countOf(db, total.sql),
  ]);
  // A page past the end has no row to carry the counters' total.
  const count = liveCount ?? page.total ?? (await countOf(db, total.sql));
  return { page: filters, data: page.rows.map((invoice) => serializeInvoiceListItem(invoice)), total: count };
}
