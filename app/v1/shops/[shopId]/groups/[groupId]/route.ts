import { sellerRoute } from "@/lib/api/route";
import { deleteGroup, getGroup, updateGroup } from "@/lib/groups/groups";
import { groupParams } from "@/lib/groups/params";
import { createGroupSchema } from "@/lib/groups/schemas";

export const GET = sellerRoute({ permission: "catalog:read", params: groupParams }, async ({ db, caller, params }) =>
  getGroup(db, caller.shop.id, params.groupId),
);

export const PUT = sellerRoute(
  { permission: "catalog:write", params: groupParams, body: createGroupSchema },
  async ({ db, caller, params, body }) => updateGroup(db, caller.shop.id, params.groupId, body),
);

export const DELETE = sellerRoute({ permission: "catalog:write", params: groupParams }, async ({ db, caller, params }) =>
  deleteGroup(db, caller.shop.id, params.groupId),
);
