import { created, sellerRoute } from "@/lib/api/route";
import { createManualInvoice } from "@/lib/invoices/create";
import { invoiceView } from "@/lib/invoices/find";
import { createInvoiceSchema } from "@/lib/invoices/schemas";

/** A manual invoice made from the dashboard (beyond the spec; API-CONVENTIONS "manual ones"). */
export const POST = sellerRoute({ body: createInvoiceSchema }, async ({ db, caller, body }) => {
  const id = await createManualInvoice(db, caller.shop, body);
  return created(await invoiceView(db, id));
});
