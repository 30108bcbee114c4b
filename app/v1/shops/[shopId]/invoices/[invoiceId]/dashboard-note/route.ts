import { sellerRoute } from "@/lib/api/route";
import { dashboardNoteSchema } from "@/lib/invoices/action-schemas";
import { setDashboardNote } from "@/lib/invoices/edits";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

export const PUT = sellerRoute(
  { permission: "invoices:deliver", params: invoiceParams, body: dashboardNoteSchema },
  async ({ db, caller, params, body }) =>
    invoiceView(db, await setDashboardNote(db, caller.shop.id, params.invoiceId, body.dashboard_note)),
);
