import { sellerRoute } from "@/lib/api/route";
import { replaceDeliveredSchema } from "@/lib/invoices/action-schemas";
import { replaceDelivered } from "@/lib/invoices/edits";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

export const POST = sellerRoute(
  { permission: "invoices:deliver", params: invoiceParams, body: replaceDeliveredSchema },
  async ({ db, caller, params, body }) => invoiceView(db, await replaceDelivered(db, caller.shop.id, params.invoiceId, body, caller.audit)),
);
