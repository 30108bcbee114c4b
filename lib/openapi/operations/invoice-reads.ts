import type { Operation } from "../operation";
import { csvExportResponse } from "./csv-export";
import { INVOICE_EXPORT_COLUMNS, createInvoiceSchema, invoicePage, listInvoicesQuery, singleInvoiceView } from "../../invoices/schemas";

export const invoiceReadsOperations: Operation[] = [
  {
    operationId: "listInvoices",
    method: "get",
    path: "/v1/shops/{shopId}/invoices",
    summary: "List invoices (filters in the query string or a JSON body; body fields win)",
    description: "With `all=true` every match is one page (at most 10000; more is 422 on `all`).",
    tag: "Invoices",
    auth: "seller",
    permission: "invoices:read",
    query: listInvoicesQuery,
    response: { description: "The seller paginated envelope of invoice list items.", schema: invoicePage },
  },
  {
    operationId: "exportInvoices",
    method: "get",
    path: "/v1/shops/{shopId}/invoices/export",
    summary: "Export every invoice the list's filters match as CSV (id order; `orderDirection` applies, paging does not)",
    tag: "Invoices",
    auth: "seller",
    permission: "exports:read",
    query: listInvoicesQuery,
    response: csvExportResponse("invoices", INVOICE_EXPORT_COLUMNS),
  },
  {
    operationId: "createInvoice",
    method: "post",
    path: "/v1/shops/{shopId}/invoices",
    summary: "Create a manual (pending) invoice",
    description: "Priced by the price calculator (deals, offers, the coupon); it does not reserve stock.",
    tag: "Invoices",
    auth: "seller",
    permission: "invoices:write",
    body: createInvoiceSchema,
    response: { status: 201, description: "The single Invoice view.", schema: singleInvoiceView },
  },
  {
    operationId: "getInvoice",
    method: "get",
    path: "/v1/shops/{shopId}/invoices/{invoiceId}",
    summary: "Get an invoice by id or unique_id",
    tag: "Invoices",
    auth: "seller",
    permission: "invoices:read",
    response: { description: "The single Invoice view.", schema: singleInvoiceView },
  },
];
