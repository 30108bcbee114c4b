import type { Operation } from "../document";
import { bulkRecoverBody, listAbandonedCheckoutsQuery, recoverCheckoutBody } from "../../checkouts/schemas";

const base = "/v1/shops/{shopId}/abandoned-checkouts";

export const checkoutsOperations: Operation[] = [
  {
    method: "get",
    path: base,
    summary: "List abandoned checkouts (pending invoices), newest first",
    tag: "Abandoned checkouts",
    auth: "seller",
    query: listAbandonedCheckoutsQuery,
    success: { description: "Seller paginated envelope of abandoned checkouts" },
  },
  { method: "get", path: `${base}/stats`, summary: "Counts, values and the recovery rate", tag: "Abandoned checkouts", auth: "seller" },
  {
    method: "post",
    path: `${base}/{invoiceId}/dismiss`,
    summary: "Hide a checkout from the list (idempotent)",
    tag: "Abandoned checkouts",
    auth: "seller",
    success: { description: "The abandoned checkout" },
    errors: [404],
  },
  {
    method: "post",
    path: `${base}/{invoiceId}/undismiss`,
    summary: "Show a dismissed checkout again (idempotent)",
    tag: "Abandoned checkouts",
    auth: "seller",
    success: { description: "The abandoned checkout" },
    errors: [404],
  },
  {
    method: "post",
    path: `${base}/{invoiceId}/recover`,
    summary: "Queue a recovery email, optionally with a coupon",
    tag: "Abandoned checkouts",
    auth: "seller",
    body: recoverCheckoutBody,
    success: { description: "The abandoned checkout" },
    errors: [404],
  },
  {
    method: "post",
    path: `${base}/bulk-recover`,
    summary: "Queue recovery emails for the named checkouts, or for those never chased",
    tag: "Abandoned checkouts",
    auth: "seller",
    body: bulkRecoverBody,
    success: { description: "`{message, recovered, invoice_ids, skipped}`" },
  },
];
