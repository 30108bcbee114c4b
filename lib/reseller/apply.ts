import type { Db, PrismaClient } from "../db";
import { ApiError, invalid, validationFailed } from "../api/errors";
import { hitRateLimit } from "../api/rate-limit";
import { clientGroup, forgiveSignInFailure, verifyLogin } from "../auth/login";
import { hashPassword } from "../auth/passwords";
import { randomToken, sha256 } from "../crypto/tokens";
import { appUrl, env } from "../env";
import { renderApplicationConfirmEmail, renderApplicationHasAccountEmail } from "../mail/account";
import { mailShopOf } from "../mail/shop";
import { notify } from "../notifications/create";
import { enqueueEmail } from "../outbox/enqueue";
import { recordEvent } from "../webhooks/events";
import { resellerEvent } from "../webhooks/objects";
import { newResellerCredentials } from "./credentials";
import { portalSessionUser } from "./portal";
import {
  NEW_PASSWORD_MIN,
  type ApplicationPendingView,
  type ApplicationView,
  type ApplyInput,
  type ConfirmApplicationInput,
} from "./schemas";

/**
 * Applying to resell. A signed-in portal user, or an account whose password
 * the request gives, applies at once (201). Any other request (an address
 * without an account, or an account's address with a wrong password) gets
 * the same answer, 202 "check your e-mail", and the same work (the password
 * is checked and hashed either way), so the form tells nobody whether an
 * address has an account; the mailbox alone goes on: a link that makes the
 * account and sends the application, or a note that the address has an
 * account. No account exists before its address is proven. The check counts
 * against the sign-in limits either way (the address's and the client's, so
 * they answer alike too), and opening the link takes that failure back.
 */

/** How long the e-mailed link of an application works. */
export const APPLICATION_LINK_LIFETIME_MS = 24 * 3600_000;

const CHECK_YOUR_MAIL: ApplicationPendingView = {
  message: "Check your e-mail: we sent a link to go on with the application (it works for 24 hours).",
};

const ALREADY: Record<string, string> = {
  pending: "You have already applied to this shop; the seller has not decided yet.",
  approved: "You are already a reseller of this shop.",
  suspended: "Your reseller account for this shop is suspended.",
};

/** Who sends the application: the client's address and the portal session token the request may use (see sessionToken). */
export type ApplyContext = { ip: string; portalSession: string | null };

export type ApplyAnswer = { status: 201; view: ApplicationView } | { status: 202; view: ApplicationPendingView };

type Shop = { id: number; name: string; owner_id: number };

async function applyingShop(db: Db, shopId: number): Promise<Shop> {
  const shop = await db.shop.findFirst({ where: { id: shopId, deleted_at: null }, select: { id: true, name: true, owner_id: true } });
  if (!shop) throw invalid("shop_id", "The selected shop does not exist.");
  return shop;
}

/** The proven person's application: pending, the seller notified, one per person and shop; a shop's owner cannot resell it. */
async function sendApplication(db: Db, shop: Shop, userId: number): Promise<ApplicationView> {
  if (userId === shop.owner_id) throw invalid("shop_id", "You own this shop.");
  const existing = await db.reseller.findUnique({
    where: { shop_id_user_id: { shop_id: shop.id, user_id: userId } },
    select: { status: true },
  });
  if (existing) throw invalid("shop_id", ALREADY[existing.status] ?? "You have already applied to this shop.");
  const reseller = await db.reseller.create({
    data: {
      shop_id: shop.id,
      user_id: userId,
      status: "pending",
      ...newResellerCredentials(),
    },
    include: { user: { select: { email: true } } },
  });
  await notify(db, shop.id, {
    event: "reseller_applied",
    level: "info",
    title: "Reseller application",
    description: `${reseller.user.email} applied to resell your products.`,
    link: `/dashboard/${shop.id}/resellers?status=pending`,
  });
  await recordEvent(db, shop.id, "reseller.applied", () => resellerEvent(db, shop.id, reseller.id));
  return { message: "Application sent.", reseller: { id: reseller.id, status: reseller.status, shop: { id: shop.id, name: shop.name } } };
}

/** The account whose password this is (under the sign-in limits), or null: no account, or a wrong password, alike. */
async function provenAccount(client: PrismaClient, ip: string, email: string, password: string) {
  try {
    return await verifyLogin(client, ip, { email, password });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return null;
    throw error;
  }
}

/** POST /v1/reseller/apply: 201 with the pending application, or 202 and an e-mail (above). */
export async function applyToResell(client: PrismaClient, context: ApplyContext, input: ApplyInput): Promise<ApplyAnswer> {
  const signedIn = await portalSessionUser(client, context.portalSession);
  if (!signedIn && (!input.email || !input.password)) {
    throw validationFailed({
      ...(input.email ? {} : { email: ["The email field is required."] }),
      ...(input.password ? {} : { password: ["The password field is required."] }),
    });
  }
  const shop = await applyingShop(client, input.shop_id);
  const person = signedIn ?? (await provenAccount(client, context.ip, input.email!, input.password!));
  if (person) return { status: 201, view: await client.$transaction((tx) => sendApplication(tx, shop, person.id)) };

  const { email, password } = input as { email: string; password: string };
  if (password.length < NEW_PASSWORD_MIN) throw invalid("password", `The password field must be at least ${NEW_PASSWORD_MIN} characters.`);
  await hitRateLimit(client, `apply:${context.ip}`, env().NEW_ACCOUNTS_PER_ADDRESS_PER_MINUTE, 60);
  // hashed whether or not the address has an account: the same work, and the same time, either way
  const passwordHash = await hashPassword(password);
  await client.$transaction(async (tx) => {
    const mailShop = await mailShopOf(tx, shop.id);
    const account = await tx.user.findUnique({ where: { email }, select: { id: true } });
    let mail;
    if (account) {
      mail = await renderApplicationHasAccountEmail({
        shop: mailShop,
        loginUrl: `${appUrl()}/reseller/login`,
        applyUrl: `${appUrl()}/reseller/apply?shop_id=${shop.id}`,
      });
    } else {
      const token = randomToken("ra_");
      const expiresAt = new Date(Date.now() + APPLICATION_LINK_LIFETIME_MS);
      await tx.resellerSignup.create({
        data: {
          shop_id: shop.id,
          email,
          name: input.name ?? email.split("@")[0]!,
          password_hash: passwordHash,
          token_hash: sha256(token),
          client_group: clientGroup(context.ip),
          expires_at: expiresAt,
        },
      });
      mail = await renderApplicationConfirmEmail({ shop: mailShop, link: `${appUrl()}/reseller/apply/confirm#token=${token}`, expiresAt });
    }
    await enqueueEmail(tx, { shopId: null, to: email, kind: "reseller_application", ...mail });
    // links a day past their expiry are of no use to anyone
    await tx.resellerSignup.deleteMany({ where: { expires_at: { lt: new Date(Date.now() - 86_400_000) } } });
  });
  return { status: 202, view: CHECK_YOUR_MAIL };
}

const linkRefused = () =>
  new ApiError({
    status: 422,
    message: "This link has expired or was already used. Apply again to get a new one.",
    errors: { token: ["This link has expired or was already used. Apply again to get a new one."] },
  });

/**
 * POST /v1/reseller/apply/confirm: spends the e-mailed link (one
 * conditional UPDATE, so two uses at once make one application), makes the
 * account with the password chosen at the application (an account made
 * meanwhile, by an invitation or another link, keeps its own), and sends
 * the application, in one transaction: a refusal (the shop is gone, already
 * a reseller) leaves the link unspent and nothing made.
 */
export async function confirmApplication(client: PrismaClient, { token }: ConfirmApplicationInput): Promise<ApplicationView> {
  return client.$transaction(async (tx) => {
    const now = new Date();
    const [signup] = await tx.resellerSignup.updateManyAndReturn({
      where: { token_hash: sha256(token), used_at: null, expires_at: { gt: now } },
      data: { used_at: now },
    });
    if (!signup) throw linkRefused();
    const shop = await applyingShop(tx, signup.shop_id);
    const user = await tx.user.upsert({
      where: { email: signup.email },
      create: { email: signup.email, name: signup.name, password_hash: signup.password_hash },
      update: {},
      select: { id: true },
    });
    const application = await sendApplication(tx, shop, user.id);
    // the application's check of its password against the address was the owner's own, not a guess
    await forgiveSignInFailure(tx, signup.email, signup.client_group);
    return application;
  });
}
