import type { PrismaClient } from "../db";
import { invalid, validationFailed } from "../api/errors";
import { hitRateLimit } from "../api/rate-limit";
import { verifyLogin } from "../auth/login";
import { encryptSecret } from "../crypto/secrets";
import { env } from "../env";
import { hashPassword } from "../auth/passwords";
import { notify } from "../notifications/create";
import { newDynamicToken, newSigningSecret, storedDynamicToken } from "./credentials";
import { portalSessionUser } from "./portal";
import { NEW_PASSWORD_MIN, type ApplyInput } from "./schemas";
import { recordEvent } from "../webhooks/events";
import { resellerEvent } from "../webhooks/objects";

const ALREADY: Record<string, string> = {
  pending: "You have already applied to this shop; the seller has not decided yet.",
  approved: "You are already a reseller of this shop.",
  suspended: "Your reseller account for this shop is suspended.",
};

/** Who sends the application: the client's address and the portal session token the request may use (see sessionToken). */
export type ApplyContext = { ip: string; portalSession: string | null };

type Applicant = { id: number; email: string; name: string } | { id: null; email: string; name: string; password: string };

/**
 * Who applies: the signed-in portal user, an existing account proven by its
 * password (rate limited like sign-in), or a new account to create.
 */
async function applicant(client: PrismaClient, context: ApplyContext, input: ApplyInput): Promise<Applicant> {
  const signedIn = await portalSessionUser(client, context.portalSession);
  if (signedIn) return signedIn;
  const missing = {
    ...(input.email ? {} : { email: ["The email field is required."] }),
    ...(input.password ? {} : { password: ["The password field is required."] }),
  };
  if (!input.email || !input.password) throw validationFailed(missing);
  const existing = await client.user.findUnique({ where: { email: input.email } });
  if (existing) return verifyLogin(client, context.ip, { email: input.email, password: input.password });
  if (input.password.length < NEW_PASSWORD_MIN)
    throw invalid("password", `The password field must be at least ${NEW_PASSWORD_MIN} characters.`);
  await hitRateLimit(client, `apply:${context.ip}`, env().NEW_ACCOUNTS_PER_ADDRESS_PER_MINUTE, 60);
  return { id: null, email: input.email, name: input.name ?? input.email.split("@")[0]!, password: input.password };
}

/**
 * POST /v1/reseller/apply: a pending reseller of the shop, for the seller
 * to approve (the seller is notified). A shop's owner cannot resell its own
 * shop; one membership per person and shop.
 */
export async function applyToResell(client: PrismaClient, context: ApplyContext, input: ApplyInput) {
  const person = await applicant(client, context, input);
  const shop = await client.shop.findFirst({
    where: { id: input.shop_id, deleted_at: null },
    select: { id: true, name: true, owner_id: true },
  });
  if (!shop) throw invalid("shop_id", "The selected shop does not exist.");
  if (person.id === shop.owner_id) throw invalid("shop_id", "You own this shop.");
  if (person.id !== null) {
    const existing = await client.reseller.findUnique({
      where: { shop_id_user_id: { shop_id: shop.id, user_id: person.id } },
      select: { status: true },
    });
    if (existing) throw invalid("shop_id", ALREADY[existing.status] ?? "You have already applied to this shop.");
  }
  const passwordHash = person.id === null ? await hashPassword(person.password) : null;

  const reseller = await client.$transaction(async (tx) => {
    const userId =
      person.id ?? (await tx.user.create({ data: { email: person.email, name: person.name, password_hash: passwordHash! } })).id;
    const created = await tx.reseller.create({
      data: {
        shop_id: shop.id,
        user_id: userId,
        status: "pending",
        signing_secret: encryptSecret(newSigningSecret()),
        ...storedDynamicToken(newDynamicToken()),
      },
    });
    await notify(tx, shop.id, {
      event: "reseller_applied",
      level: "info",
      title: "Reseller application",
      description: `${person.email} applied to resell your products.`,
      link: `/dashboard/${shop.id}/resellers?status=pending`,
    });
    await recordEvent(tx, shop.id, "reseller.applied", () => resellerEvent(tx, shop.id, created.id));
    return created;
  });
  return { message: "Application sent.", reseller: { id: reseller.id, status: reseller.status, shop: { id: shop.id, name: shop.name } } };
}
