import type { Db } from "../db";

export type OutgoingEmail = {
  shopId: number | null;
  invoiceId?: number | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** what the email is: delivery, recovery, notification, ... */
  kind: string;
};

/**
 * Queues an email in the outbox table. Call it inside the transaction that
 * makes the email true (an invoice completed, a recovery sent), so the email
 * exists exactly when the change does; a worker sends it afterwards.
 */
export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<number> {
  const row = await db.emailOutbox.create({
    data: {
      shop_id: email.shopId,
      invoice_id: email.invoiceId ?? null,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      kind: email.kind,
    },
    select: { id: true },
  });
  return row.id;
}
