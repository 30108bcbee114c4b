import { sellerRoute } from "@/lib/api/route";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";
import { setArchived } from "@/lib/invoices/transitions";

export const POST = sellerRoute({ permission: "invoices:write", params: invoiceParams }, async ({ db, caller, params }) =>
  invoiceView(db, await setArchived(db, caller.shop.id, params.invoiceId, true)),
);
