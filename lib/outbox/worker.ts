import nodemailer, { type Transporter } from "nodemailer";
import { db, Prisma, type PrismaClient } from "../db";
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
 * hour frees room. A round claims up to BATCH at once, so a budget can be
 * passed by at most that many. Notifications go to the shop's own team only.
 */
const UNTHROTTLED_KINDS = ["notification"];

/** Mail of the outbox sent (or being sent) in the last hour that matches `where`. */
const sentWithinHour = (where: Prisma.Sql) =>
  Prisma.sql`(SELECT count(*) FROM email_outbox WHERE ${where} AND status IN ('sent', 'sending') AND sent_at > now() - interval '1 hour' AND kind NOT IN (${Prisma.join(UNTHROTTLED_KINDS)}))`;

/**
 * Claims up to BATCH pending emails (fresh ones before retries) in a short
 * transaction: `FOR UPDATE SKIP LOCKED` lets several app processes share the
 * outbox without sending a row twice. A claimed row is `sending`, with
 * `sent_at` holding the claim time until it is really sent; the SMTP
 * conversation happens outside any transaction.
 */
async function claim(client: PrismaClient): Promise<number[]> {
  return client.$transaction(async (tx) => {
    await tx.emailOutbox.updateMany({
      where: { status: "sending", sent_at: { lt: new Date(Date.now() - STALE_SENDING_MS) } },
      data: { status: "pending", sent_at: null },
    });
    const limits = env();
    const rows = await tx.$queryRaw<{ id: number }[]>`
      SELECT o.id FROM email_outbox o LEFT JOIN shops s ON s.id = o.shop_id
       WHERE o.status = 'pending'
         AND (o.kind IN (${Prisma.join(UNTHROTTLED_KINDS)}) OR (
               (o.shop_id IS NULL OR ${sentWithinHour(Prisma.sql`shop_id = o.shop_id`)} <
                 CASE WHEN s.created_at > now() - interval '7 days' THEN ${limits.MAIL_PER_NEW_SHOP_PER_HOUR} ELSE ${limits.MAIL_PER_SHOP_PER_HOUR} END)
           AND ${sentWithinHour(Prisma.sql`lower("to") = lower(o."to")`)} < ${limits.MAIL_PER_RECIPIENT_PER_HOUR}))
       ORDER BY o.attempts, o.id LIMIT ${BATCH} FOR UPDATE OF o SKIP LOCKED`;
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
export function startOutboxWorker(): void {
  if (globalForWorker.shopdeskOutboxWorker) return;
  const smtpUrl = env().SMTP_URL;
  if (!smtpUrl) {
    console.log("> outbox: no SMTP_URL, emails are kept in the outbox (pending) until one is configured");
    globalForWorker.shopdeskOutboxWorker = "idle";
    return;
  }
  const transport = nodemailer.createTransport(smtpUrl);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      while ((await sendPendingEmails(db(), transport)) === BATCH);
    } catch (error) {
      console.error("outbox round failed", error);
    } finally {
      running = false;
    }
  };
  globalForWorker.shopdeskOutboxWorker = setInterval(() => void tick(), env().OUTBOX_INTERVAL_MS);
  globalForWorker.shopdeskOutboxWorker.unref();
}
