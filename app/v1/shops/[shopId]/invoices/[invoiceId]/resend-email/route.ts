import { sellerRoute } from "@/lib/api/route";
import { resendEmailSchema } from "@/lib/invoices/action-schemas";
import { resendDeliveryEmail } from "@/lib/invoices/edits";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

export const POST = sellerRoute(
  { permission: "invoices:deliver", params: invoiceParams, body: resendEmailSchema },
  async ({ db, caller, params, body }) =>
    invoiceView(db, await resendDeliveryEmail(db, caller.shop.id, params.invoiceId, body.email, caller.audit)),
);
