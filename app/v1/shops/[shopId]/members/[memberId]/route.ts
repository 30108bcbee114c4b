import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { removeMember, updateMember } from "@/lib/members/members";
import { updateMemberBody, type MemberView } from "@/lib/members/schemas";

const params = idParams("memberId", "Member");

/** A role change (`owner`: an ownership transfer); it and a removal need a recent sign-in and are e-mailed to the owner. */
export const PUT = sellerRoute(
  {
    permission: "members:manage",
    params,
    body: updateMemberBody,
    reauth: true,
    notify: ({ body, result }) =>
      body.role === "owner"
        ? `The shop's ownership was transferred to ${(result as MemberView).email}.`
        : `${(result as MemberView).email} now has the role ${String(body.role)}.`,
  },
  ({ db, caller, params, body }) => updateMember(db, caller.shop.id, params.memberId, body, caller.audit),
);

export const DELETE = sellerRoute(
  {
    permission: "members:manage",
    params,
    reauth: true,
    notify: ({ params }) => `Member #${String(params.memberId)} was removed from the team.`,
  },
  ({ db, caller, params }) => removeMember(db, caller.shop.id, params.memberId, caller.audit),
);
