import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { removeMember, updateMember } from "@/lib/members/members";
import { updateMemberBody } from "@/lib/members/schemas";

const params = idParams("memberId", "Member");

export const PUT = sellerRoute({ permission: "members:manage", params, body: updateMemberBody }, ({ db, caller, params, body }) =>
  updateMember(db, caller.shop.id, params.memberId, body, caller.audit),
);

export const DELETE = sellerRoute({ permission: "members:manage", params }, ({ db, caller, params }) =>
  removeMember(db, caller.shop.id, params.memberId, caller.audit),
);
