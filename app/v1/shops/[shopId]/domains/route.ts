import { created, sellerRoute } from "@/lib/api/route";
import { createDomain, listDomains } from "@/lib/domains/domains";
import { createDomainBody } from "@/lib/domains/schemas";

export const GET = sellerRoute({ permission: "settings:read" }, ({ db, caller }) => listDomains(db, caller.shop.id));

export const POST = sellerRoute({ permission: "settings:write", body: createDomainBody }, async ({ db, caller, body }) =>
  created(await createDomain(db, caller.shop.id, body, caller.audit)),
);
