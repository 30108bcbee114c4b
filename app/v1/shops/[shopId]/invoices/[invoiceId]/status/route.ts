import { sellerRoute } from "@/lib/api/route";
import { setStatusSchema } from "@/lib/invoices/action-schemas";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";
import { overrideStatus } from "@/lib/invoices/transitions";

export const POST = sellerRoute(
  { permission: "invoices:write", params: invoiceParams, body: setStatusSchema },
  async ({ db, caller, params, body }) =>
    invoiceView(db, await overrideStatus(db, caller.shop.id, params.invoiceId, body.status, caller.audit)),
);
