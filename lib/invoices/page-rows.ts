import { Prisma, query, type Db } from "../db";
import { LISTED_RELATION_COLUMNS, LISTED_RELATION_JOINS, listedRelationsOf, type ListedRelationColumns } from "./listed-relations";
import { LISTED_COLUMNS, type InvoiceForList } from "./serialize";

/**
 * One page of the invoice list in ONE statement: the page's ids in index
 * order, then each invoice with its product (and the stock columns of the
 * product's live variants) and its variant, and, when the counters can answer
 * it, the total. At several hundred requests a second every round trip to
 * PostgreSQL costs CPU on both sides; a Prisma `include` would be a second
 * statement after the ids, since the list's WHERE is SQL Prisma cannot express.
 * Every read of list items goes through here (the list, the dashboard's
 * latest invoices): one statement, one row type, one mapper.
 */
export async function pageRows(
  db: Db,
  where: Prisma.Sql,
  order: Prisma.Sql,
  window: { limit: number; offset: number } | null,
  total: Prisma.Sql | null,
): Promise<{ rows: InvoiceForList[]; total: number | null }> {
  const limit = !window
    ? Prisma.empty
    : plannedOnce(where, window)
      ? literalLimit(window.limit)
      : Prisma.sql`LIMIT ${window.limit} OFFSET ${window.offset}`;
  const rows = await query<PageRow>(
    db,
    Prisma.sql`
    WITH page AS MATERIALIZED (
      SELECT i.id, row_number() OVER (ORDER BY ${order}) AS position
      FROM invoices i WHERE ${where} ORDER BY ${order} ${limit}
    )
    SELECT ${LISTED_SELECT}, ${LISTED_RELATION_COLUMNS},
      ${total ?? Prisma.sql`NULL`}::bigint AS total
    FROM page
    JOIN invoices i ON i.id = page.id ${LISTED_RELATION_JOINS}
    ORDER BY page.position`,
  );
  return { rows: rows.map(listItemOf), total: rows[0]?.total == null ? null : Number(rows[0].total) };
}

/**
 * A LIMIT and OFFSET bound as values make PostgreSQL plan the statement at
 * every execution: the generic plan takes a bound LIMIT for a tenth of the
 * rows, so it never beats a custom one, and planning this statement costs
 * more than running it. The first page of a list filtered by nothing but the
 * shop (the dashboard's and API clients' most frequent read) writes its LIMIT
 * in the text instead: one text per page size and order, for which each
 * connection keeps one generic plan, the same index walk for every shop.
 * Filtered lists and later pages stay planned per execution: a generic plan
 * cannot tell a rare status from a common one, and a text per offset would
 * grow every connection's prepared statements without bound.
 */
function plannedOnce(where: Prisma.Sql, window: { offset: number }): boolean {
  return window.offset === 0 && where.values.length === 1;
}

function literalLimit(limit: number): Prisma.Sql {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`a page size must be a positive integer, not ${limit}`);
  return Prisma.raw(`LIMIT ${limit}`);
}

type PageRow = Omit<InvoiceForList, "product" | "variant"> & ListedRelationColumns & { total: bigint | number | null };

/** The list item's own columns, as the SELECT list of `invoices i`. */
const LISTED_SELECT = Prisma.raw(LISTED_COLUMNS.map((column) => `i.${column}`).join(", "));

function listItemOf(row: PageRow): InvoiceForList {
  const item = Object.fromEntries(LISTED_COLUMNS.map((column) => [column, row[column]])) as Omit<InvoiceForList, "product" | "variant">;
  return { ...item, ...listedRelationsOf(row) };
}
