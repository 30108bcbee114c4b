import { created, sellerRoute } from "@/lib/api/route";
import { sellerEnvelope } from "@/lib/api/pagination";
import { createManualInvoice } from "@/lib/invoices/create";
import { invoiceView } from "@/lib/invoices/find";
import { listInvoices } from "@/lib/invoices/list";
import { createInvoiceSchema, listInvoicesQuery } from "@/lib/invoices/schemas";

/** Filters come from the query string or a GET body (server.ts folds the body into the query). */
export const GET = sellerRoute({ permission: "invoices:read", query: listInvoicesQuery }, async ({ request, db, caller, query }) => {
  const { page, data, total } = await listInvoices(db, caller.shop.id, query);
  return sellerEnvelope(request, page, data, total);
});

/** A manual invoice made from the dashboard (beyond the spec; API-CONVENTIONS "manual ones"). */
export const POST = sellerRoute({ permission: "invoices:write", body: createInvoiceSchema }, async ({ db, caller, body }) => {
  const id = await createManualInvoice(db, caller.shop, body);
  return created(await invoiceView(db, id));
});
