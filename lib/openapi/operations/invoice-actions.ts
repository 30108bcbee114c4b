import type { Operation } from "../document";

export const invoiceActionsOperations: Operation[] = [];
