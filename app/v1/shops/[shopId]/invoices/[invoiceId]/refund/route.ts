import { sellerRoute } from "@/lib/api/route";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";
import { refundSchema } from "@/lib/invoices/action-schemas";
import { refundInvoice } from "@/lib/invoices/transitions";

export const POST = sellerRoute(
  {
    permission: "invoices:write",
    params: invoiceParams,
    body: refundSchema,
    // store credit is money the buyer can spend: crediting it is its own permission
    bodyPermission: (body) => (body.to === "balance" ? "customers:balance" : null),
  },
  async ({ db, caller, params, body }) => invoiceView(db, await refundInvoice(db, caller.shop.id, params.invoiceId, caller.audit, body)),
);
