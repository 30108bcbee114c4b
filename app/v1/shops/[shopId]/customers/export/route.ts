import { sellerRoute } from "@/lib/api/route";
import { exportCustomers } from "@/lib/customers/export";
import { exportCustomersQuery } from "@/lib/customers/schemas";

/** Filters are checked before the first byte; the CSV then streams (lib/exports/csv-response.ts). */
export const GET = sellerRoute({ permission: "exports:read", query: exportCustomersQuery }, async ({ db, caller, query }) =>
  exportCustomers(db, caller.shop.id, query),
);
