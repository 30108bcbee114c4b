import { sellerRoute } from "@/lib/api/route";
import { deleteGroup, getGroup } from "@/lib/groups/groups";
import { groupParams } from "@/lib/groups/schemas";

export const GET = sellerRoute({ params: groupParams }, async ({ db, caller, params }) => getGroup(db, caller.shop.id, params.groupId));

export const DELETE = sellerRoute({ params: groupParams }, async ({ db, caller, params }) =>
  deleteGroup(db, caller.shop.id, params.groupId),
);
