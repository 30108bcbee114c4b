import * as z from "../../validation/zod";
import { messageBody } from "../../api/schemas";
import { acceptedInvitationView, acceptInvitationBody, inviteMemberBody, memberView, updateMemberBody } from "../../members/schemas";
import type { Operation } from "../operation";

const members = "/v1/shops/{shopId}/members";

export const membersOperations: Operation[] = [
  {
    operationId: "listMembers",
    method: "get",
    path: members,
    summary: "List the shop's members and pending invitations",
    tag: "Members",
    auth: "seller",
    permission: "members:read",
    response: { description: "Members (owner first), then pending invitations.", schema: z.array(memberView) },
  },
  {
    operationId: "inviteMember",
    method: "post",
    path: members,
    summary: "Invite an address to the team (e-mails a link valid for 7 days)",
    description:
      "The answer is the invitation, the same whether or not the address has an account. Inviting a pending address again renews its link and role; an address that is already a member is 422. 30 invitations per shop and hour.",
    tag: "Members",
    auth: "seller",
    permission: "members:manage",
    reauth: true,
    body: inviteMemberBody,
    response: { status: 201, description: "The pending invitation.", schema: memberView },
    errors: ["TooManyAttempts"],
  },
  {
    operationId: "updateMember",
    method: "put",
    path: `${members}/{memberId}`,
    summary: "Change a member's role; `owner` transfers ownership",
    description:
      "Making a member `owner` makes the old owner `admin`, in one transaction. The owner's own role changes only that way (422). Works on pending invitations too (not to `owner`).",
    tag: "Members",
    auth: "seller",
    permission: "members:manage",
    reauth: true,
    body: updateMemberBody,
    response: { description: "The member, updated.", schema: memberView },
  },
  {
    operationId: "removeMember",
    method: "delete",
    path: `${members}/{memberId}`,
    summary: "Remove a member (refused from their next request) or withdraw an invitation",
    description: "The owner cannot be removed (422): transfer ownership first.",
    tag: "Members",
    auth: "seller",
    permission: "members:manage",
    reauth: true,
    response: { description: "`Member deleted.`", schema: messageBody },
    errors: ["Invalid"],
  },
  {
    operationId: "acceptInvitation",
    method: "post",
    path: "/v1/invitations/accept",
    summary: "Accept an invitation to a shop's team (the e-mailed link's token)",
    description:
      "Signed in (session cookie): adds the membership, if the invitation is for the account's address. Otherwise makes the account with `name` and `password` (at least 12 characters) and signs it in; an address that has an account must sign in first (422). A used, expired, withdrawn or unknown token is 410.",
    tag: "Members",
    auth: "none",
    body: acceptInvitationBody,
    response: {
      description: "The account, the shop and the role.",
      schema: acceptedInvitationView,
      headers: {
        "Set-Cookie": {
          description: "The session cookie, when the account was made now.",
          required: false,
          schema: { type: "string" },
        },
      },
    },
    errors: ["CrossOrigin", "Gone"],
  },
];
