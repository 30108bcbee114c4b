import { sellerRoute } from "@/lib/api/route";
import { exportInvoices } from "@/lib/invoices/export";
import { listInvoicesQuery } from "@/lib/invoices/schemas";

/**
 * The invoice list's filters (the list's own schema), checked before the
 * first byte; the CSV then streams. This static segment is matched before
 * the sibling `[invoiceId]`, so `export` is never read as an invoice id.
 */
export const GET = sellerRoute({ permission: "exports:read", query: listInvoicesQuery }, async ({ db, caller, query }) =>
  exportInvoices(db, caller.shop.id, query),
);
