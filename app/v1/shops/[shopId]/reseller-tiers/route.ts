import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { tierPageQuery, tierSchema } from "@/lib/reseller/schemas";
import { createTier, listTiers } from "@/lib/reseller/tier-admin";

export const GET = sellerRoute({ permission: "resellers:read", query: tierPageQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listTiers(db, caller.shop, query);
  return sellerEnvelope(request, query, data, total);
});

export const POST = sellerRoute({ permission: "resellers:write", body: tierSchema }, async ({ db, caller, body }) =>
  created(await createTier(db, caller.shop, body)),
);
