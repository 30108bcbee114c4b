import { created, sellerRoute } from "@/lib/api/route";
import { inviteReseller, listResellers } from "@/lib/reseller/manage";
import { inviteResellerSchema, listResellersQuery } from "@/lib/reseller/schemas";

export const GET = sellerRoute({ query: listResellersQuery }, ({ db, request, caller, query }) =>
  listResellers(db, request, caller.shop, query),
);

export const POST = sellerRoute({ body: inviteResellerSchema }, async ({ db, caller, body }) =>
  created(await inviteReseller(db, caller.shop, body)),
);
