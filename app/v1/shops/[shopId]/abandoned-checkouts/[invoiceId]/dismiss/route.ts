import { sellerRoute } from "@/lib/api/route";
import { setDismissed } from "@/lib/abandoned-checkouts/dismiss";
import { invoiceParams } from "@/lib/invoices/schemas";

export const POST = sellerRoute({ permission: "invoices:write", params: invoiceParams }, async ({ db, caller, params }) =>
  setDismissed(db, caller.shop.id, params.invoiceId, true),
);
