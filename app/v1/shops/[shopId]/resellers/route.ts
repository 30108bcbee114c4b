import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { inviteReseller, listResellers } from "@/lib/reseller/manage";
import { inviteResellerSchema, listResellersQuery } from "@/lib/reseller/schemas";

export const GET = sellerRoute({ permission: "resellers:read", query: listResellersQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listResellers(db, caller.shop, query);
  return sellerEnvelope(request, query, data, total);
});

export const POST = sellerRoute({ permission: "resellers:write", body: inviteResellerSchema }, async ({ db, caller, body }) =>
  created(await inviteReseller(db, caller.shop, body)),
);
