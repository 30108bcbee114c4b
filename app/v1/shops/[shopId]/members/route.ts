import { linkBase } from "@/lib/api/link-base";
import { created, sellerRoute } from "@/lib/api/route";
import { inviteMember, listMembers } from "@/lib/members/members";
import { inviteMemberBody } from "@/lib/members/schemas";

export const GET = sellerRoute({ permission: "members:read" }, ({ db, caller }) => listMembers(db, caller.shop.id));

/** The same answer whether or not the address has an account: the invitation, never the invited user. */
export const POST = sellerRoute(
  {
    permission: "members:manage",
    body: inviteMemberBody,
    reauth: true,
    notify: ({ body }) => `${String(body.email)} was invited to the team as ${String(body.role)}.`,
  },
  async ({ request, db, caller, body }) =>
    created(await inviteMember(db, caller.shop.id, caller.user, body, linkBase(request), caller.audit)),
);
