import { sellerRoute } from "@/lib/api/route";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";
import { processInvoice } from "@/lib/invoices/transitions";

/**
 * GET process: re-runs the pending deliveries of a completed invoice (see
 * processInvoice). The spec makes it a GET, so it declares that it changes
 * state: a cross-site navigation cannot use the dashboard's cookie for it.
 */
export const GET = sellerRoute(
  { permission: "invoices:deliver", params: invoiceParams, stateChangingGet: true },
  async ({ db, caller, params }) => invoiceView(db, await processInvoice(db, caller.shop.id, params.invoiceId, caller.audit)),
);
