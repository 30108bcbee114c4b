import * as z from "../../validation/zod";
import type { Permission } from "../../members/permissions";
import type { Operation } from "../operation";
import {
  dashboardNoteSchema,
  paidAmountSchema,
  redoDynamicDeliverySchema,
  refundSchema,
  replaceDeliveredSchema,
  resendEmailSchema,
  setStatusSchema,
  shipSchema,
} from "../../invoices/action-schemas";
import { singleInvoiceView } from "../../invoices/schemas";

const base = "/v1/shops/{shopId}/invoices/{invoiceId}";
const updated = { description: "The single Invoice view, updated.", schema: singleInvoiceView };

type ActionOptions = Pick<Operation, "body" | "response" | "errors" | "description">;

/** An invoice action; unless stated it answers the updated single Invoice view. */
function action(
  operationId: string,
  method: Operation["method"],
  name: string,
  permission: Permission,
  summary: string,
  options: Partial<ActionOptions> = {},
) {
  return {
    operationId,
    method,
    path: `${base}/${name}`,
    summary,
    tag: "Invoice actions",
    auth: "seller",
    permission,
    response: updated,
    ...options,
  } satisfies Operation;
}

/** The state rules refuse it (422, the reason under `errors.status`). */
const stateRule = { errors: ["Invalid"] } satisfies Partial<ActionOptions>;

export const invoiceActionsOperations: Operation[] = [
  action("setInvoiceStatus", "post", "status", "invoices:write", "Set the status (seller override from any state; completed delivers)", {
    body: setStatusSchema,
  }),
  action("archiveInvoice", "post", "archive", "invoices:write", "Archive (the flag only, in any state)"),
  action("unarchiveInvoice", "post", "unarchive", "invoices:write", "Unarchive (the flag only, in any state)"),
  action("cancelInvoice", "post", "cancel", "invoices:write", "Cancel a pending invoice", stateRule),
  action(
    "refundInvoice",
    "post",
    "refund",
    "invoices:write",
    "Refund a completed invoice (serials stay sold), optionally to store credit",
    {
      ...stateRule,
      body: refundSchema,
      description:
        'With `to: "balance"` (which needs `customers:balance` too) what the buyer paid (`paid`, else the total) is credited to their ' +
        "store credit in the same transaction; refused (422 on `to`) when the invoice's currency is not the shop's.",
    },
  ),
  action(
    "unrefundInvoice",
    "post",
    "unrefund",
    "invoices:write",
    "Back to completed from refunded (no new delivery; store credit it refunded is taken back)",
    stateRule,
  ),
  action(
    "reverseAffiliateCommission",
    "post",
    "reverse-affiliate-commission",
    "invoices:write",
    "Claw back the credited affiliate commission",
    {
      ...stateRule,
      description: "Once per invoice; the affiliate's wallet may go below zero, which blocks its payouts.",
    },
  ),
  action(
    "setDashboardNote",
    "put",
    "dashboard-note",
    "invoices:deliver",
    "Set, or clear with null or an empty string, the dashboard note",
    {
      body: dashboardNoteSchema,
    },
  ),
  action("setPaidAmount", "put", "paid-amount", "invoices:write", "Record the amount really paid", { body: paidAmountSchema }),
  action("shipInvoice", "post", "ship", "invoices:write", "Record the shipment with optional tracking", { body: shipSchema }),
  action(
    "deliverInvoice",
    "post",
    "deliver",
    "invoices:deliver",
    "Complete a pending invoice and deliver, or deliver a completed invoice's pending items",
    stateRule,
  ),
  action("getInvoicePdf", "get", "pdf", "invoices:read", "The invoice as a PDF (serials left out)", {
    response: {
      description: "A PDF attachment `invoice-<id>.pdf`.",
      contentType: "application/pdf",
      schema: z.string().meta({ contentMediaType: "application/pdf" }),
      headers: {
        "Content-Disposition": { description: 'attachment; filename="invoice-<id>.pdf"', required: true, schema: { type: "string" } },
      },
    },
  }),
  action("getInvoiceEmailPreview", "get", "email-preview", "invoices:read", "The customer's delivery email as it would be sent now", {
    response: {
      description: "The email's HTML, under a restrictive Content-Security-Policy.",
      contentType: "text/html",
      schema: z.string(),
    },
  }),
  action(
    "processInvoice",
    "get",
    "process",
    "invoices:deliver",
    "Re-run the pending deliveries of a completed invoice; never changes the status",
  ),
  action(
    "replaceDelivered",
    "post",
    "replace-delivered",
    "invoices:deliver",
    "Replace delivered lines of an item (key: the line's index or its text)",
    {
      body: replaceDeliveredSchema,
    },
  ),
  action("redoDynamicDelivery", "post", "redo-dynamic-delivery", "invoices:deliver", "Call the dynamic URL of an item again", {
    body: redoDynamicDeliverySchema,
  }),
  action(
    "resendInvoiceEmail",
    "post",
    "resend-email",
    "invoices:deliver",
    "Queue the delivery email again, to the invoice's address or another",
    {
      body: resendEmailSchema,
      // another address than the invoice's own is limited per shop and hour
      errors: ["TooManyAttempts"],
    },
  ),
];
