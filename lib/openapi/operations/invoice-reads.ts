import type { Operation } from "../document";

export const invoiceReadsOperations: Operation[] = [];
