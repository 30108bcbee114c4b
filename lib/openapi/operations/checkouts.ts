import type { Operation } from "../operation";
import {
  abandonedCheckoutPage,
  abandonedCheckoutStatsView,
  abandonedCheckoutView,
  bulkRecoverBody,
  bulkRecoveryView,
  listAbandonedCheckoutsQuery,
  recoverCheckoutBody,
} from "../../abandoned-checkouts/schemas";

const base = "/v1/shops/{shopId}/abandoned-checkouts";
const tag = "Abandoned checkouts";
const checkout = { description: "The abandoned checkout.", schema: abandonedCheckoutView };

export const checkoutsOperations: Operation[] = [
  {
    operationId: "listAbandonedCheckouts",
    method: "get",
    path: base,
    summary: "List abandoned checkouts (pending invoices), newest first",
    tag,
    auth: "seller",
    permission: "invoices:read",
    query: listAbandonedCheckoutsQuery,
    response: { description: "Seller paginated envelope of abandoned checkouts.", schema: abandonedCheckoutPage },
  },
  {
    operationId: "getAbandonedCheckoutStats",
    method: "get",
    path: `${base}/stats`,
    summary: "Counts, values and the recovery rate",
    tag,
    auth: "seller",
    permission: "invoices:read",
    response: { description: "The shop's abandoned checkouts in numbers.", schema: abandonedCheckoutStatsView },
  },
  {
    operationId: "dismissAbandonedCheckout",
    method: "post",
    path: `${base}/{invoiceId}/dismiss`,
    summary: "Hide a checkout from the list (idempotent)",
    tag,
    auth: "seller",
    permission: "invoices:write",
    response: checkout,
  },
  {
    operationId: "undismissAbandonedCheckout",
    method: "post",
    path: `${base}/{invoiceId}/undismiss`,
    summary: "Show a dismissed checkout again (idempotent)",
    tag,
    auth: "seller",
    permission: "invoices:write",
    response: checkout,
  },
  {
    operationId: "recoverAbandonedCheckout",
    method: "post",
    path: `${base}/{invoiceId}/recover`,
    summary: "Queue a recovery email, optionally with a coupon",
    tag,
    auth: "seller",
    permission: "invoices:write",
    body: recoverCheckoutBody,
    response: checkout,
  },
  {
    operationId: "bulkRecoverAbandonedCheckouts",
    method: "post",
    path: `${base}/bulk-recover`,
    summary: "Queue recovery emails for the named checkouts, or for the 100 oldest never chased",
    tag,
    auth: "seller",
    permission: "invoices:write",
    body: bulkRecoverBody,
    response: { description: "Which invoices got an email and which named ones were skipped.", schema: bulkRecoveryView },
  },
];
