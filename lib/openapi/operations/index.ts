import type { Operation } from "../document";
import { accountOperations } from "./account";
import { invoiceActionsOperations } from "./invoice-actions";
import { invoiceReadsOperations } from "./invoice-reads";
import { resellerOperations } from "./reseller";

/**
 * Every route of /v1 with the schemas that validate it, one file per area.
 * A test compares this list with the route files, so a new route without an
 * entry fails the suite.
 */
export const operations: Operation[] = [...accountOperations, ...invoiceReadsOperations, ...invoiceActionsOperations, ...resellerOperations];
