import { created, sellerRoute } from "@/lib/api/route";
import { tierPageQuery, tierSchema } from "@/lib/reseller/schemas";
import { createTier, listTiers } from "@/lib/reseller/tier-admin";

export const GET = sellerRoute({ query: tierPageQuery }, ({ db, request, caller, query }) => listTiers(db, request, caller.shop, query));

export const POST = sellerRoute({ body: tierSchema }, async ({ db, caller, body }) => created(await createTier(db, caller.shop, body)));
