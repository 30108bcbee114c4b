"use client";
import * as z from "../validation/zod";
import { listInvoicesQuery } from "../invoices/schemas";
import { useUrlState, type UrlFilters, type UrlState } from "./use-url-state";

/**
 * The invoice list's URL: every filter of the API's list query (so a link
 * may carry any of them), and the dashboard's one-gateway picker, which the
 * invoices hook sends as the API's `gateways` selection.
 */
const invoiceListFields = z.object({ ...listInvoicesQuery.in.shape, gateway: z.string().max(50) });

export type InvoiceFilters = UrlFilters<typeof invoiceListFields>;

export const useInvoiceFilters = () => useUrlState(invoiceListFields);
export type InvoiceListState = UrlState<typeof invoiceListFields>;
