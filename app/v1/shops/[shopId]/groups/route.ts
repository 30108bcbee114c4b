import { created, sellerRoute } from "@/lib/api/route";
import { createGroup, listGroups } from "@/lib/groups/groups";
import { createGroupSchema } from "@/lib/groups/schemas";

export const GET = sellerRoute({ permission: "catalog:read" }, async ({ db, caller }) => listGroups(db, caller.shop.id));

export const POST = sellerRoute({ permission: "catalog:write", body: createGroupSchema }, async ({ db, caller, body }) =>
  created(await createGroup(db, caller.shop.id, body)),
);
