import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { createBlacklistEntry, listBlacklist } from "@/lib/blacklist/entries";
import { createBlacklistEntrySchema, listBlacklistQuery } from "@/lib/blacklist/schemas";

export const GET = sellerRoute({ permission: "settings:read", query: listBlacklistQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listBlacklist(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});

export const POST = sellerRoute({ permission: "settings:write", body: createBlacklistEntrySchema }, async ({ db, caller, body }) =>
  created(await createBlacklistEntry(db, caller.shop.id, body)),
);
