"use client";
import type { AuditEntryView, listAuditLogQuery } from "../../audit/schemas";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";
import { shopResource } from "./resource";

export type AuditEntry = AuditEntryView;

export type AuditLogFilters = UrlFilters<typeof listAuditLogQuery.in>;

/** The log is read only: no save or delete (there is no route for either). */
const auditLog = shopResource<AuditEntry, never, Envelope<AuditEntry>, AuditLogFilters>({
  path: "audit-log",
  keys: queryKeys.auditLog,
});

export const useAuditLog = auditLog.useList;
