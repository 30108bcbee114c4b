import { sellerRoute } from "@/lib/api/route";
import { redoDynamicDeliverySchema } from "@/lib/invoices/action-schemas";
import { redoDynamicDelivery } from "@/lib/invoices/edits";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

export const POST = sellerRoute(
  { permission: "invoices:deliver", params: invoiceParams, body: redoDynamicDeliverySchema },
  async ({ db, caller, params, body }) =>
    invoiceView(db, await redoDynamicDelivery(db, caller.shop.id, params.invoiceId, body.invoice_item_id)),
);
