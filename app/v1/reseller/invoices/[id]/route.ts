import { z } from "zod";
import { resellerRoute } from "@/lib/api/route";
import { getResellerInvoice } from "@/lib/reseller/invoices";

export const GET = resellerRoute({ params: z.object({ id: z.string() }) }, ({ db, caller, params }) =>
  getResellerInvoice(db, caller, params.id),
);
