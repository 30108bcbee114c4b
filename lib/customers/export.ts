import { Prisma, query, type Db } from "../db";
import { csvResponse, EXPORT_BATCH, exportFilename } from "../exports/csv-response";
import { moneyString } from "../money";
import { likePattern } from "../validation/like-pattern";
import type { ExportCustomersQuery } from "./schemas";
import { CUSTOMER_TOTALS_SQL } from "./totals";

const HEADER = ["id", "email", "banned", "invoices_count", "total_spent", "created_at", "updated_at"];

type ExportRow = {
  id: number;
  email: string;
  banned: boolean;
  invoices_count: number;
  total_spent: Prisma.Decimal;
  created_at: Date;
  updated_at: Date;
};

/**
 * GET /v1/shops/{shopId}/customers/export: the customers the list's filters
 * match, with their totals, as CSV in id order (`orderDirection`),
 * keyset-paged on the id like the invoice export.
 */
export function exportCustomers(db: Db, shopId: number, input: ExportCustomersQuery): Response {
  const descending = input.orderDirection === "desc";
  const filters = [
    Prisma.sql`c.shop_id = ${shopId}`,
    ...(input.email ? [Prisma.sql`c.email ILIKE ${likePattern(input.email)}`] : []),
    ...(input.banned !== undefined ? [Prisma.sql`c.banned = ${input.banned}`] : []),
  ];
  return csvResponse<number>(exportFilename("customers", shopId), HEADER, async (after) => {
    const keyset = after === null ? [] : [descending ? Prisma.sql`c.id < ${after}` : Prisma.sql`c.id > ${after}`];
    const rows = await query<ExportRow>(
      db,
      Prisma.sql`
      SELECT c.id, c.email, c.banned, c.created_at, c.updated_at, ${CUSTOMER_TOTALS_SQL}
      FROM customers c WHERE ${Prisma.join([...filters, ...keyset], " AND ")}
      ORDER BY ${descending ? Prisma.sql`c.id DESC` : Prisma.sql`c.id ASC`} LIMIT ${EXPORT_BATCH}`,
    );
    return rows.map((row) => ({
      key: row.id,
      cells: [
        row.id,
        row.email,
        row.banned ? 1 : 0,
        Number(row.invoices_count),
        moneyString(row.total_spent),
        row.created_at.toISOString(),
        row.updated_at.toISOString(),
      ],
    }));
  });
}
