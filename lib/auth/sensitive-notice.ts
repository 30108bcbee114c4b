import type { Db } from "../db";
import { appUrl } from "../env";
import { renderSensitiveChangeEmail } from "../mail/account";
import { enqueueEmail } from "../outbox/enqueue";
import type { SellerUser } from "./owned-shop";

/**
 * The e-mail that follows every sensitive change (docs/accounts.md): to the
 * shop's owner for a shop's payouts, credentials and team, to the account
 * itself for its API keys and two-factor sign-in. Queued once the change has
 * committed (the route wrapper calls it after the handler), sent by the
 * outbox worker: a mail server that is down delays the notice, never the
 * change nor its answer.
 */
export async function queueSensitiveChangeNotice(
  db: Db,
  change: { what: string; shopId: number | null; actor: Pick<SellerUser, "id" | "email" | "credential">; ip: string },
) {
  const recipient = change.shopId
    ? await db.shop.findUnique({ where: { id: change.shopId }, select: { name: true, owner: { select: { email: true } } } })
    : null;
  const to = recipient?.owner.email ?? change.actor.email;
  const mail = await renderSensitiveChangeEmail({
    place: recipient ? `your shop “${recipient.name}”` : "your Shopdesk account",
    what: change.what,
    at: new Date(),
    actor: change.actor.email,
    via: change.actor.credential === "session" ? "dashboard session" : "API key",
    ip: change.ip,
    link: `${appUrl()}/login`,
  });
  await enqueueEmail(db, { shopId: change.shopId, to, kind: "security_notice", ...mail });
}
