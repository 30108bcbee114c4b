import type { Db, Prisma } from "../db";
import type { AuditEntry } from "../generated/prisma/client";
import { offsetOf } from "../api/pagination";
import type { AuditAction, AuditTargetType } from "./actions";
import type { AuditEntryView, ListAuditLogQuery } from "./schemas";

function listWhere(shopId: number, query: ListAuditLogQuery): Prisma.AuditEntryWhereInput {
  return {
    shop_id: shopId,
    ...(query.user_id !== undefined && { user_id: query.user_id }),
    ...(query.api_key_id !== undefined && { api_key_id: query.api_key_id }),
    ...(query.action !== undefined && { action: query.action }),
    ...(query.target_type !== undefined && { target_type: query.target_type }),
    ...(query.target_id !== undefined && { target_id: query.target_id }),
    ...((query.date_from || query.date_to) && {
      created_at: { ...(query.date_from && { gte: query.date_from }), ...(query.date_to && { lte: query.date_to }) },
    }),
  };
}

function serializeEntry(row: AuditEntry): AuditEntryView {
  return {
    id: row.id,
    shop_id: row.shop_id,
    action: row.action as AuditAction,
    actor: { user_id: row.user_id, api_key_id: row.api_key_id, label: row.actor_label },
    target: { type: row.target_type as AuditTargetType, id: row.target_id },
    changes: row.changes as AuditEntryView["changes"],
    ip: row.ip,
    user_agent: row.user_agent,
    created_at: row.created_at.toISOString(),
  };
}

/** One page of the shop's log, newest first (id order: entries are appended). */
export async function listAuditEntries(db: Db, shopId: number, query: ListAuditLogQuery) {
  const where = listWhere(shopId, query);
  const [rows, total] = await Promise.all([
    db.auditEntry.findMany({ where, orderBy: { id: "desc" }, skip: offsetOf(query), take: query.perPage }),
    db.auditEntry.count({ where }),
  ]);
  return { data: rows.map(serializeEntry), total };
}
