import { auditEntryPage, listAuditLogQuery } from "../../audit/schemas";
import type { Operation } from "../operation";

export const auditOperations: Operation[] = [
  {
    operationId: "listAuditLog",
    method: "get",
    path: "/v1/shops/{shopId}/audit-log",
    summary: "The shop's audit log (newest first)",
    description:
      "Who changed settings, credentials, members, API keys, money and deliveries, what changed (secrets masked), when, from which address and user agent. Entries are written in the transaction of the change they record and are never changed or deleted. Filters: the actor (`user_id`, `api_key_id`), `action`, the target (`target_type`, `target_id`), `date_from`/`date_to`.",
    tag: "Audit log",
    auth: "seller",
    permission: "audit:read",
    query: listAuditLogQuery,
    response: { description: "Seller paginated envelope of audit entries.", schema: auditEntryPage },
  },
];
