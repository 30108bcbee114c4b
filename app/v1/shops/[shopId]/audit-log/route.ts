import { sellerEnvelope } from "@/lib/api/pagination";
import { sellerRoute } from "@/lib/api/route";
import { listAuditEntries } from "@/lib/audit/queries";
import { listAuditLogQuery } from "@/lib/audit/schemas";

/** The shop's audit log, newest first; owners and admins (`audit:read`). There is no route that changes an entry. */
export const GET = sellerRoute({ permission: "audit:read", query: listAuditLogQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listAuditEntries(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});
