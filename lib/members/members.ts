import type { Db, PrismaClient } from "../db";
import { ApiError, invalid, notFound, stateConflict } from "../api/errors";
import type { AuditContext } from "../audit/context";
import { recordAudit } from "../audit/record";
import { hitRateLimit } from "../api/rate-limit";
import { hashPassword } from "../auth/passwords";
import { randomToken, sha256 } from "../crypto/tokens";
import type { ShopMember } from "../generated/prisma/client";
import { renderInvitationEmail } from "../mail/invitation";
import { mailShopFrom, mailShopSelect } from "../mail/shop";
import { enqueueEmail } from "../outbox/enqueue";
import { ROLES, type Role } from "./permissions";
import type { AcceptedInvitationView, AcceptInvitationInput, InviteMemberInput, MemberView, UpdateMemberInput } from "./schemas";

/**
 * A shop's team. Members and pending invitations are rows of one table
 * (shop_members, see its migration): an invitation has no user until it is
 * accepted. Access to a shop is an active row (lib/api/route.ts reads it on
 * every request), so a removed member is refused at their next request.
 */

export const INVITATION_LIFETIME_MS = 7 * 86_400_000;
/** Invitations one shop may send per hour: a team is invited by hand, not by a script. */
const INVITATIONS_PER_HOUR = 30;

type MemberRow = ShopMember & { user: { name: string } | null };

function serializeMember(row: MemberRow): MemberView {
  return {
    id: row.id,
    email: row.email,
    // an invitation shows only the address it was sent to, whether or not an account has it
    name: row.status === "active" ? (row.user?.name ?? null) : null,
    role: row.role as Role,
    status: row.status as MemberView["status"],
    expires_at: row.status === "invited" ? (row.expires_at?.toISOString() ?? null) : null,
    created_at: row.created_at.toISOString(),
  };
}

const withUser = { user: { select: { name: true } } } as const;

/** The team: members by role (owner first), then pending invitations. */
export async function listMembers(db: Db, shopId: number): Promise<MemberView[]> {
  const rows = await db.shopMember.findMany({ where: { shop_id: shopId }, include: withUser, orderBy: { id: "asc" } });
  const rank = (row: MemberRow) => (row.status === "invited" ? ROLES.length : ROLES.indexOf(row.role as Role));
  return rows.sort((a, b) => rank(a) - rank(b) || a.id - b.id).map(serializeMember);
}

/**
 * Invites an address: one pending invitation per address and shop (a second
 * invite renews its link and role), e-mailed in the transaction that makes
 * it. The answer is the invitation as the shop sees it, the same whether or
 * not the address has an account. Only the token's SHA-256 is kept.
 */
export async function inviteMember(
  client: PrismaClient,
  shopId: number,
  inviter: { id: number; name: string; email: string },
  input: InviteMemberInput,
  linkBase: string,
  audit: AuditContext,
): Promise<MemberView> {
  const email = input.email.trim().toLowerCase();
  await hitRateLimit(client, `invitations:shop:${shopId}`, INVITATIONS_PER_HOUR, 3600);
  const token = randomToken("inv_");
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  return client.$transaction(async (tx) => {
    const existing = await tx.shopMember.findMany({ where: { shop_id: shopId, email }, include: withUser });
    if (existing.some((row) => row.status === "active")) throw invalid("email", "This address is already a member of the shop.");
    const data = { role: input.role, token_hash: sha256(token), expires_at: expiresAt, invited_by_id: inviter.id };
    const row = existing[0]
      ? await tx.shopMember.update({ where: { id: existing[0].id }, data, include: withUser })
      : await tx.shopMember.create({ data: { shop_id: shopId, email, status: "invited", ...data }, include: withUser });
    const shop = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: mailShopSelect });
    const mail = await renderInvitationEmail({
      shop: mailShopFrom(shop),
      inviter: inviter.name || inviter.email,
      role: input.role,
      link: `${linkBase}/invitations/${token}`,
      expiresAt,
    });
    await enqueueEmail(tx, { shopId, to: email, kind: "member_invitation", ...mail });
    await recordAudit(tx, audit, {
      action: "member.invited",
      target: { type: "member", id: row.id },
      changes: { email: { new: email }, role: { ...(existing[0] && { old: existing[0].role }), new: input.role } },
    });
    return serializeMember(row);
  });
}

const memberNotFound = () => notFound("Member");

/**
 * Changes a member's role. `owner` transfers ownership: the old owner becomes
 * admin and the shop's `owner_id` follows, in one transaction (demote first:
 * the partial unique index allows one owner per shop at any moment). The
 * owner's own role changes only by such a transfer.
 */
export async function updateMember(
  client: PrismaClient,
  shopId: number,
  memberId: number,
  input: UpdateMemberInput,
  audit: AuditContext,
): Promise<MemberView> {
  return client.$transaction(async (tx) => {
    const target = await tx.shopMember.findFirst({ where: { id: memberId, shop_id: shopId }, include: withUser });
    if (!target) throw memberNotFound();
    if (target.role === "owner") {
      if (input.role === "owner") return serializeMember(target);
      throw invalid("role", "The owner stays owner until they make another member owner.");
    }
    const auditTarget = { type: "member" as const, id: target.id };
    if (input.role !== "owner") {
      const updated = await tx.shopMember.update({ where: { id: target.id }, data: { role: input.role }, include: withUser });
      if (target.role !== input.role) {
        await recordAudit(tx, audit, {
          action: "member.role_changed",
          target: auditTarget,
          changes: { role: { old: target.role, new: input.role } },
        });
      }
      return serializeMember(updated);
    }
    if (target.status !== "active" || target.user_id === null) {
      throw invalid("role", "Only a member who has accepted their invitation can become the owner.");
    }
    const previous = await tx.shopMember.findFirst({ where: { shop_id: shopId, role: "owner" }, select: { user_id: true, email: true } });
    const demoted = await tx.shopMember.updateMany({ where: { shop_id: shopId, role: "owner" }, data: { role: "admin" } });
    if (demoted.count !== 1) throw stateConflict("The shop's ownership changed meanwhile; try again.");
    const promoted = await tx.shopMember.update({ where: { id: target.id }, data: { role: "owner" }, include: withUser });
    await tx.shop.update({ where: { id: shopId }, data: { owner_id: target.user_id } });
    await recordAudit(tx, audit, {
      action: "ownership.transferred",
      target: auditTarget,
      changes: {
        owner: { old: previous?.email ?? null, new: target.email },
        owner_user_id: { old: previous?.user_id ?? null, new: target.user_id },
        role: { old: target.role, new: "owner" },
      },
    });
    return serializeMember(promoted);
  });
}

/** Removes a member (their next request is refused) or withdraws an invitation (its link stops working). */
export async function removeMember(client: PrismaClient, shopId: number, memberId: number, audit: AuditContext) {
  return client.$transaction(async (tx) => {
    const target = await tx.shopMember.findFirst({
      where: { id: memberId, shop_id: shopId },
      select: { id: true, role: true, email: true, status: true },
    });
    if (!target) throw memberNotFound();
    if (target.role === "owner") throw invalid("role", "The owner cannot be removed; make another member owner first.");
    // role rechecked in the statement: a transfer between the read and the delete must not remove the new owner
    const { count } = await tx.shopMember.deleteMany({ where: { id: target.id, role: { not: "owner" } } });
    if (count === 0) throw memberNotFound();
    await recordAudit(tx, audit, {
      action: "member.removed",
      target: { type: "member", id: target.id },
      changes: { email: { old: target.email }, role: { old: target.role }, status: { old: target.status } },
    });
    return { message: "Member deleted." };
  });
}

const invitationRefused = () =>
  new ApiError({ status: 410, message: "This invitation has expired, was already used or was withdrawn. Ask the shop for a new one." });

/**
 * Accepts an invitation. Signed in (`signedIn`): the invitation must be for
 * that account's address, and adds the membership. Otherwise it makes the
 * account with the name and password given; an address that already has an
 * account must sign in first. Spending the token is a conditional UPDATE
 * (still invited, unexpired), so it works once.
 */
export async function acceptInvitation(
  client: PrismaClient,
  input: AcceptInvitationInput,
  signedIn: { id: number; email: string; name: string } | null,
): Promise<AcceptedInvitationView> {
  const now = new Date();
  const invitation = await client.shopMember.findUnique({
    where: { token_hash: sha256(input.token) },
    include: { shop: { select: { id: true, name: true } } },
  });
  if (!invitation || invitation.status !== "invited" || !invitation.expires_at || invitation.expires_at <= now) throw invitationRefused();
  if (signedIn && signedIn.email.toLowerCase() !== invitation.email) {
    throw invalid("token", "This invitation is for another address: sign out, or sign in with the invited address.");
  }
  return client.$transaction(async (tx) => {
    let user = signedIn;
    if (!user) {
      if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) {
        throw invalid("token", "An account with this address exists: sign in with it, then open the link again.");
      }
      if (!input.password) throw invalid("password", "The password field is required.");
      const name = input.name ?? invitation.email.split("@")[0]!;
      user = await tx.user.create({
        data: { email: invitation.email, name, password_hash: await hashPassword(input.password) },
        select: { id: true, email: true, name: true },
      });
    }
    const already = await tx.shopMember.findFirst({ where: { shop_id: invitation.shop_id, user_id: user.id } });
    const spent = already
      ? await tx.shopMember.deleteMany({ where: { id: invitation.id, status: "invited", expires_at: { gt: now } } })
      : await tx.shopMember.updateMany({
          where: { id: invitation.id, status: "invited", expires_at: { gt: now } },
          data: { user_id: user.id, status: "active", token_hash: null, expires_at: null },
        });
    if (spent.count === 0) throw invitationRefused();
    return {
      user: { id: user.id, email: user.email, name: user.name },
      shop: invitation.shop,
      role: (already?.role ?? invitation.role) as Role,
    };
  });
}
