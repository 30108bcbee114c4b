import { sellerRoute } from "@/lib/api/route";
import { deleteGroup, getGroup, updateGroup } from "@/lib/groups/groups";
import { groupParams } from "@/lib/groups/params";
import { createGroupSchema } from "@/lib/groups/schemas";

export const GET = sellerRoute({ params: groupParams }, async ({ db, caller, params }) => getGroup(db, caller.shop.id, params.groupId));

export const PUT = sellerRoute({ params: groupParams, body: createGroupSchema }, async ({ db, caller, params, body }) =>
  updateGroup(db, caller.shop.id, params.groupId, body),
);

export const DELETE = sellerRoute({ params: groupParams }, async ({ db, caller, params }) =>
  deleteGroup(db, caller.shop.id, params.groupId),
);
