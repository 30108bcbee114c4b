import { textIdParams } from "@/lib/api/params";
import { resellerRoute } from "@/lib/api/route";
import { getResellerInvoice } from "@/lib/reseller/invoices";

export const GET = resellerRoute({ params: textIdParams("id", "Invoice") }, ({ db, caller, params }) =>
  getResellerInvoice(db, caller, params.id),
);
