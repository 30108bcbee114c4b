import type { Operation } from "../document";
import { createInvoiceSchema, listInvoicesQuery } from "../../invoices/schemas";

export const invoiceReadsOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/shops/{shopId}/invoices",
    summary: "List invoices (filters in the query string or a JSON body; body fields win)",
    tag: "Invoices",
    auth: "seller",
    query: listInvoicesQuery,
    success: { description: "The seller paginated envelope of invoice list items; with all=true every match (at most 10000, else 422)" },
  },
  {
    method: "post",
    path: "/v1/shops/{shopId}/invoices",
    summary: "Create a manual (pending) invoice",
    tag: "Invoices",
    auth: "seller",
    body: createInvoiceSchema,
    success: { status: 201, description: "The single Invoice view" },
  },
  {
    method: "get",
    path: "/v1/shops/{shopId}/invoices/{invoiceId}",
    summary: "Get an invoice by id or unique_id",
    tag: "Invoices",
    auth: "seller",
    success: { description: "The single Invoice view" },
    errors: [404],
  },
];
