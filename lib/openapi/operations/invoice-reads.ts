import type { Operation } from "../document";
import { createInvoiceSchema } from "../../invoices/schemas";

export const invoiceReadsOperations: Operation[] = [
  { method: "post", path: "/v1/shops/{shopId}/invoices", summary: "Create a manual (pending) invoice", tag: "Invoices", auth: "seller", body: createInvoiceSchema, success: { status: 201, description: "The single Invoice view" } },
  { method: "get", path: "/v1/shops/{shopId}/invoices/{invoiceId}", summary: "Get an invoice by id or unique_id", tag: "Invoices", auth: "seller", success: { description: "The single Invoice view" }, errors: [404] },
];
