import nodemailer, { type Transporter } from "nodemailer";
import { db, execute, Prisma, query, type PrismaClient } from "../db";
import { env } from "../env";

/** Rows claimed per round; a round runs every OUTBOX_INTERVAL_MS (15 s by default). */
const BATCH = 10;
/** After this many failed attempts a row is `failed` and waits for a person. */
export const MAX_ATTEMPTS = 5;
/** A row left `sending` this long (its process died mid-send) goes back to `pending`. */
const STALE_SENDING_MS = 10 * 60_000;

/**
 * What a stolen key could make of the outbox is a relay: a checkout or a
 * manual invoice to any address, then `deliver`, as often as it likes. So a
 * shop's mail, and any one address's, is held to an hourly budget
 * (MAIL_PER_SHOP_PER_HOUR, a new shop's lower one, MAIL_PER_RECIPIENT_PER_HOUR):
 * mail over it is not refused or lost, it stays pending and goes out as the
 * hour frees room. Notifications and security notices go to the shop's own
 * team or the account itself, are never held and are not counted.
 */
const UNTHROTTLED_KINDS = ["notification", "security_notice"];

/**
 * Claims up to BATCH pending emails (fresh ones before retries) in a short
 * transaction. Claims are taken one at a time across every app process (a
 * transaction-scoped advisory lock: a claim holds no SMTP conversation, so
 * the wait is short), so each sees what the others claimed and the budgets
 * hold exactly: a pending row is taken only if the mail its address (and its
 * shop) sent or is sending this hour, plus the rows ahead of it in this
 * claim, stays within the budget. A claimed row is `sending`, with `sent_at`
 * holding the claim time until it is really sent; the SMTP conversation
 * happens outside any transaction.
 */
async function claim(client: PrismaClient): Promise<number[]> {
  return client.$transaction(async (tx) => {
    await execute(tx, Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('email_outbox_claim'))`);
    await tx.emailOutbox.updateMany({
      where: { status: "sending", sent_at: { lt: new Date(Date.now() - STALE_SENDING_MS) } },
      data: { status: "pending", sent_at: null },
    });
    const limits = env();
    const unthrottled = Prisma.sql`${UNTHROTTLED_KINDS}::text[]`;
    const rows = await query<{ id: number }>(
      tx,
      Prisma.sql`
      WITH recent AS (
        SELECT shop_id, lower("to") AS recipient FROM email_outbox
         WHERE status IN ('sent', 'sending') AND sent_at > now() - interval '1 hour' AND NOT kind = ANY(${unthrottled})
      ), by_recipient AS (SELECT recipient, count(*) AS sent FROM recent GROUP BY recipient),
      by_shop AS (SELECT shop_id, count(*) AS sent FROM recent WHERE shop_id IS NOT NULL GROUP BY shop_id),
      ranked AS (
        SELECT o.id, o.attempts, o.shop_id, lower(o."to") AS recipient, s.created_at AS shop_since,
               row_number() OVER (PARTITION BY lower(o."to") ORDER BY o.attempts, o.id) AS recipient_rank,
               row_number() OVER (PARTITION BY o.shop_id ORDER BY o.attempts, o.id) AS shop_rank
          FROM email_outbox o LEFT JOIN shops s ON s.id = o.shop_id
         WHERE o.status = 'pending' AND NOT o.kind = ANY(${unthrottled})
      )
      SELECT id, attempts FROM email_outbox WHERE status = 'pending' AND kind = ANY(${unthrottled})
      UNION ALL
      SELECT r.id, r.attempts FROM ranked r
        LEFT JOIN by_recipient br ON br.recipient = r.recipient
        LEFT JOIN by_shop bs ON bs.shop_id = r.shop_id
       WHERE coalesce(br.sent, 0) + r.recipient_rank <= ${limits.MAIL_PER_RECIPIENT_PER_HOUR}::int
         AND (r.shop_id IS NULL OR coalesce(bs.sent, 0) + r.shop_rank <=
              CASE WHEN r.shop_since > now() - interval '7 days' THEN ${limits.MAIL_PER_NEW_SHOP_PER_HOUR}::int
                   ELSE ${limits.MAIL_PER_SHOP_PER_HOUR}::int END)
      ORDER BY attempts, id LIMIT ${BATCH}`,
    );
    const ids = rows.map((row) => row.id);
    if (ids.length) {
      await tx.emailOutbox.updateMany({
        where: { id: { in: ids } },
        data: { status: "sending", sent_at: new Date(), attempts: { increment: 1 } },
      });
    }
    return ids;
  });
}

async function send(client: PrismaClient, transport: Transporter, id: number): Promise<void> {
  const row = await client.emailOutbox.findUniqueOrThrow({ where: { id } });
  try {
    await transport.sendMail({ from: env().MAIL_FROM, to: row.to, subject: row.subject, html: row.html, text: row.text });
    await client.emailOutbox.update({ where: { id }, data: { status: "sent", sent_at: new Date(), last_error: null } });
  } catch (error) {
    const failed = row.attempts >= MAX_ATTEMPTS;
    await client.emailOutbox.update({
      where: { id },
      data: { status: failed ? "failed" : "pending", sent_at: null, last_error: String((error as Error).message ?? error).slice(0, 1000) },
    });
  }
}

/** One round: claim and send. Returns how many rows it handled. */
export async function sendPendingEmails(client: PrismaClient, transport: Transporter): Promise<number> {
  const ids = await claim(client);
  for (const id of ids) await send(client, transport, id);
  return ids.length;
}

const globalForWorker = globalThis as unknown as { shopdeskOutboxWorker?: NodeJS.Timeout | "idle" };

/**
 * Started once per app process by server.ts. Without SMTP_URL nothing is
 * sent and nothing is marked sent: a seller expects the delivery emails to
 * go out once mail is configured, not to vanish, so they wait in the outbox
 * as `pending` (the dashboard can show them; email-preview renders them).
 */
let sending = false;
let stopping = false;

/** Stops the rounds and waits (at most `withinMs`) for the batch being sent to be recorded. */
export async function stopOutboxWorker(withinMs: number): Promise<void> {
  stopping = true;
  const timer = globalForWorker.shopdeskOutboxWorker;
  if (timer && timer !== "idle") clearInterval(timer);
  const deadline = Date.now() + withinMs;
  while (sending && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

export function startOutboxWorker(): void {
  if (globalForWorker.shopdeskOutboxWorker) return;
  const smtpUrl = env().SMTP_URL;
  if (!smtpUrl) {
    console.log("> outbox: no SMTP_URL, emails are kept in the outbox (pending) until one is configured");
    globalForWorker.shopdeskOutboxWorker = "idle";
    return;
  }
  const transport = nodemailer.createTransport(smtpUrl);
  const tick = async () => {
    if (sending || stopping) return;
    sending = true;
    try {
      while (!stopping && (await sendPendingEmails(db(), transport)) === BATCH);
    } catch (error) {
      console.error("outbox round failed", error);
    } finally {
      sending = false;
    }
  };
  globalForWorker.shopdeskOutboxWorker = setInterval(() => void tick(), env().OUTBOX_INTERVAL_MS);
  globalForWorker.shopdeskOutboxWorker.unref();
}
