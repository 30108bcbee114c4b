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
  const limit = window ? Prisma.sql`LIMIT ${window.limit} OFFSET ${window.offset}` : Prisma.empty;
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

type PageRow = Omit<InvoiceForList, "product" | "variant"> & ListedRelationColumns & { total: bigint | number | null };

/** The list item's own columns, as the SELECT list of `invoices i`. */
const LISTED_SELECT = Prisma.raw(LISTED_COLUMNS.map((column) => `i.${column}`).join(", "));

function listItemOf(row: PageRow): InvoiceForList {
  const item = Object.fromEntries(LISTED_COLUMNS.map((column) => [column, row[column]])) as Omit<InvoiceForList, "product" | "variant">;
  return { ...item, ...listedRelationsOf(row) };
}
