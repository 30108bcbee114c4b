import { timestamp } from "../api/schemas";
import { NEW_PASSWORD_MIN, newPassword } from "../auth/schemas";
import { userView } from "../auth/schemas";
import * as z from "../validation/zod";
import { ROLES } from "./permissions";

/** A role an invitation can give: the owner is made by transfer (PUT role `owner`), never invited. */
export const invitableRole = z.enum(["admin", "support", "viewer"]);

/** POST /v1/shops/{shopId}/members: invites an address (with or without an account; the answer is the same). */
export const inviteMemberBody = z.object({
  email: z.email().max(255),
  role: invitableRole,
});
export type InviteMemberInput = z.output<typeof inviteMemberBody>;

/** PUT /v1/shops/{shopId}/members/{memberId}: `owner` transfers ownership (the old owner becomes admin). */
export const updateMemberBody = z.object({ role: z.enum(ROLES) });
export type UpdateMemberInput = z.output<typeof updateMemberBody>;

/** POST /v1/invitations/accept. Signed in: the token alone. Otherwise the new account's name and password. */
export const acceptInvitationBody = z.object({
  token: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(100).optional(),
  password: newPassword.optional().describe(`At least ${NEW_PASSWORD_MIN} characters: the new account's password.`),
});
export type AcceptInvitationInput = z.output<typeof acceptInvitationBody>;

/** A member of the shop, or a pending invitation (`status` invited: no name until they accept). */
export const memberView = z
  .object({
    id: z.int(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES),
    status: z.enum(["active", "invited"]),
    expires_at: timestamp.nullable().describe("When a pending invitation's link lapses; null for members."),
    created_at: timestamp,
  })
  .meta({ id: "ShopMember" });
export type MemberView = z.output<typeof memberView>;

export const acceptedInvitationView = z
  .object({
    user: userView,
    shop: z.object({ id: z.int(), name: z.string() }),
    role: z.enum(ROLES),
  })
  .meta({ id: "AcceptedInvitation" });
export type AcceptedInvitationView = z.output<typeof acceptedInvitationView>;
