import { sellerRoute } from "@/lib/api/route";
import { recoverCheckout } from "@/lib/abandoned-checkouts/recover";
import { recoverCheckoutBody } from "@/lib/abandoned-checkouts/schemas";
import { invoiceParams } from "@/lib/invoices/schemas";

export const POST = sellerRoute(
  { permission: "invoices:write", params: invoiceParams, body: recoverCheckoutBody },
  async ({ db, caller, params, body }) => recoverCheckout(db, caller.shop, params.invoiceId, body),
);
