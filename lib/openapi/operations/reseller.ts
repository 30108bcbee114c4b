import type { Operation } from "../document";
import {
  adjustBalanceSchema,
  createResellerInvoiceSchema,
  inviteResellerSchema,
  listResellersQuery,
  resellerPageQuery,
  tierPageQuery,
  tierSchema,
  updateTierSchema,
} from "../../reseller/schemas";

const R = "Reseller API";
const M = "Resellers (seller)";
const reseller = "/v1/shops/{shopId}/resellers/{resellerId}";
const tier = "/v1/shops/{shopId}/reseller-tiers/{tierId}";

export const resellerOperations: Operation[] = [
  { method: "get", path: "/v1/reseller/products", summary: "The reseller catalog with reseller prices and stock", tag: R, auth: "reseller", query: resellerPageQuery, success: { description: "Reseller envelope of catalog products" } },
  { method: "get", path: "/v1/reseller/balance", summary: "Balance, tier and next tier", tag: R, auth: "reseller", success: { description: "Reseller balance" } },
  { method: "get", path: "/v1/reseller/invoices", summary: "The reseller's invoices, newest first", tag: R, auth: "reseller", query: resellerPageQuery, success: { description: "Reseller envelope of invoice list items" } },
  { method: "post", path: "/v1/reseller/invoices", summary: "Buy from the catalog, charged to the balance (optional Idempotency-Key header)", tag: R, auth: "reseller", body: createResellerInvoiceSchema, success: { status: 201, description: "Reseller invoice; a replay carries `Idempotent-Replayed: true`" }, errors: [409] },
  { method: "get", path: "/v1/reseller/invoices/{id}", summary: "One of the reseller's invoices by id or unique_id, with delivered items", tag: R, auth: "reseller", success: { description: "Reseller invoice" }, errors: [404] },
  { method: "post", path: "/v1/reseller/dynamic/{token}", summary: "Signed dynamic delivery receiver (X-Signature, X-Timestamp, Idempotency-Key; query product_id, variant_id; body item.quantity)", tag: R, auth: "signature", success: { description: "The deliverables, one per line", contentType: "text/plain" }, errors: [400, 401, 404, 409, 422] },
  { method: "post", path: "/v1/reseller/api-key/rotate", summary: "New reseller API key (shown once; the old one stops working)", tag: R, auth: "reseller", success: { description: "`{api_key}`" } },
  { method: "post", path: "/v1/reseller/signing-secret/rotate", summary: "New signing secret for the receiver (shown once)", tag: R, auth: "reseller", success: { description: "`{signing_secret}`" } },
  { method: "post", path: "/v1/reseller/dynamic-token/rotate", summary: "New dynamic delivery token (the old URLs stop working)", tag: R, auth: "reseller", success: { description: "`{dynamic_token}`" } },

  { method: "get", path: "/v1/shops/{shopId}/resellers", summary: "The shop's resellers", tag: M, auth: "seller", query: listResellersQuery, success: { description: "Paginated envelope of resellers" } },
  { method: "post", path: "/v1/shops/{shopId}/resellers", summary: "Invite a person (by email) to resell", tag: M, auth: "seller", body: inviteResellerSchema, success: { status: 201, description: "The reseller" } },
  { method: "get", path: reseller, summary: "One reseller with balance and tier", tag: M, auth: "seller", success: { description: "The reseller" } },
  { method: "post", path: `${reseller}/approve`, summary: "Approve (from pending or suspended)", tag: M, auth: "seller", success: { description: "The reseller" } },
  { method: "post", path: `${reseller}/suspend`, summary: "Suspend (its key and dynamic token stop working)", tag: M, auth: "seller", success: { description: "The reseller" } },
  { method: "post", path: `${reseller}/balance`, summary: "Credit or debit the balance with a reason (never below zero)", tag: M, auth: "seller", body: adjustBalanceSchema, success: { description: "The reseller" } },
  { method: "post", path: `${reseller}/api-key/rotate`, summary: "New API key for the reseller (shown once)", tag: M, auth: "seller", success: { description: "`{api_key}`" } },
  { method: "post", path: `${reseller}/signing-secret/rotate`, summary: "New signing secret for the reseller (shown once)", tag: M, auth: "seller", success: { description: "`{signing_secret}`" } },
  { method: "post", path: `${reseller}/dynamic-token/rotate`, summary: "New dynamic token for the reseller", tag: M, auth: "seller", success: { description: "`{dynamic_token}`" } },

  { method: "get", path: "/v1/shops/{shopId}/reseller-tiers", summary: "The tier ladder", tag: M, auth: "seller", query: tierPageQuery, success: { description: "Paginated envelope of tiers" } },
  { method: "post", path: "/v1/shops/{shopId}/reseller-tiers", summary: "Create a tier", tag: M, auth: "seller", body: tierSchema, success: { status: 201, description: "The tier" } },
  { method: "get", path: tier, summary: "One tier", tag: M, auth: "seller", success: { description: "The tier" } },
  { method: "put", path: tier, summary: "Update a tier (fields optional)", tag: M, auth: "seller", body: updateTierSchema, success: { description: "The tier" } },
  { method: "delete", path: tier, summary: "Delete a tier", tag: M, auth: "seller", success: { description: "`{message: \"Reseller tier deleted.\"}`" } },
];
