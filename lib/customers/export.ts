import type { Db } from "../db";
import { csvResponse, EXPORT_BATCH, exportFilename } from "../exports/csv-response";
import { customerWhere } from "./queries";
import { CUSTOMER_EXPORT_COLUMNS, type ExportCustomersQuery } from "./schemas";
import { serializeCustomer } from "./serialize";
import { customerTotals, NO_TOTALS } from "./totals";

/**
 * GET /v1/shops/{shopId}/customers/export: the customers the list's filters
 * match (the list's own predicate, customerWhere), each as the API shows it
 * (tags joined by `|`), in id order (`orderDirection`), keyset-paged on the
 * id like the invoice export.
 */
export function exportCustomers(db: Db, shopId: number, input: ExportCustomersQuery): Response {
  const where = customerWhere(shopId, input);
  const direction = input.orderDirection;
  return csvResponse<number>(exportFilename("customers", shopId), CUSTOMER_EXPORT_COLUMNS, async (after) => {
    const keyset = after === null ? {} : { id: direction === "desc" ? { lt: after } : { gt: after } };
    const rows = await db.customer.findMany({ where: { AND: [where, keyset] }, orderBy: { id: direction }, take: EXPORT_BATCH });
    const totals = await customerTotals(
      db,
      shopId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const customer = serializeCustomer(row, totals.get(row.id) ?? NO_TOTALS);
      return {
        key: row.id,
        cells: [
          customer.id,
          customer.email,
          customer.username ?? "",
          customer.banned,
          customer.balance,
          customer.tags.join("|"),
          customer.note ?? "",
          customer.invoices_count,
          customer.total_spent,
          customer.created_at,
          customer.updated_at,
        ],
      };
    });
  });
}
