import type { Operation } from "../document";
import {
  dashboardNoteSchema,
  paidAmountSchema,
  redoDynamicDeliverySchema,
  replaceDeliveredSchema,
  resendEmailSchema,
  setStatusSchema,
  shipSchema,
} from "../../invoices/action-schemas";

const base = "/v1/shops/{shopId}/invoices/{invoiceId}";
const view = { description: "The single Invoice view, updated" };

/** Every invoice action answers 200 with the single Invoice view; state conflicts are 422 with errors.status. */
function action(method: Operation["method"], name: string, summary: string, extra: Partial<Operation> = {}): Operation {
  return { method, path: `${base}/${name}`, summary, tag: "Invoice actions", auth: "seller", success: view, errors: [404, 422], ...extra };
}

export const invoiceActionsOperations: Operation[] = [
  action("post", "status", "Set the status (seller override from any state; completed delivers)", { body: setStatusSchema }),
  action("post", "archive", "Archive (flag only)"),
  action("post", "unarchive", "Unarchive (flag only)"),
  action("post", "cancel", "Cancel a pending invoice"),
  action("post", "refund", "Refund a completed invoice (serials stay sold)"),
  action("post", "unrefund", "Back to completed from refunded (no new delivery)"),
  action("post", "reverse-affiliate-commission", "Claw back the credited affiliate commission"),
  action("put", "dashboard-note", "Set or clear (null) the dashboard note", { body: dashboardNoteSchema }),
  action("put", "paid-amount", "Record the amount really paid", { body: paidAmountSchema }),
  action("post", "ship", "Record the shipment with optional tracking", { body: shipSchema }),
  action("post", "deliver", "Complete a pending invoice and deliver, or deliver a completed invoice's pending items"),
  action("get", "pdf", "The invoice as a PDF", { success: { description: "A PDF document", contentType: "application/pdf" } }),
  action("get", "email-preview", "The customer's delivery email (HTML)", {
    success: { description: "The email's HTML", contentType: "text/html" },
  }),
  action("get", "process", "Re-run the pending deliveries of a completed invoice; never changes the status"),
  action("post", "replace-delivered", "Replace delivered lines of an item (key: line index or text)", { body: replaceDeliveredSchema }),
  action("post", "redo-dynamic-delivery", "Call the dynamic URL of an item again", { body: redoDynamicDeliverySchema }),
  action("post", "resend-email", "Queue the delivery email again", { body: resendEmailSchema }),
];
