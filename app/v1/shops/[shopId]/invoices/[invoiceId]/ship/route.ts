import { sellerRoute } from "@/lib/api/route";
import { shipSchema } from "@/lib/invoices/action-schemas";
import { shipInvoice } from "@/lib/invoices/edits";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

export const POST = sellerRoute(
  { permission: "invoices:write", params: invoiceParams, body: shipSchema },
  async ({ db, caller, params, body }) => invoiceView(db, await shipInvoice(db, caller.shop.id, params.invoiceId, body)),
);
