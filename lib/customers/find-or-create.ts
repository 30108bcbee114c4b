import { Prisma, query, type Db } from "../db";

/**
 * What a checkout's client says of its buyer: `discord_user_id` replaces the
 * stored one (the latest checkout wins); `newsletter: true` records consent
 * (its first time in `newsletter_at`), while false or absent leaves an
 * earlier consent alone: a checkout form without the box is no withdrawal.
 */
export type BuyerDetails = { discord_user_id?: string | null; newsletter?: boolean };

/**
 * The shop's customer with this email, made if there is none (checkout links
 * each invoice to one). One `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`:
 * two concurrent checkouts by the same new buyer both get the one row, with
 * no unique violation for either (DO NOTHING would return no row to the
 * loser). Emails are compared trimmed and lower-cased, as customers store them.
 */
export async function findOrCreateCustomer(tx: Db, shopId: number, email: string, details: BuyerDetails = {}): Promise<{ id: number }> {
  const normalized = email.trim().toLowerCase();
  const discord = details.discord_user_id ?? null;
  const newsletter = details.newsletter === true;
  const [row] = await query<{ id: number }>(
    tx,
    Prisma.sql`
    INSERT INTO customers (shop_id, email, discord_user_id, newsletter, newsletter_at)
    VALUES (${shopId}, ${normalized}, ${discord}, ${newsletter}, ${newsletter ? Prisma.sql`now()` : null})
    ON CONFLICT (shop_id, email) DO UPDATE SET
      email = EXCLUDED.email,
      discord_user_id = coalesce(EXCLUDED.discord_user_id, customers.discord_user_id),
      newsletter_at = CASE WHEN customers.newsletter THEN customers.newsletter_at ELSE EXCLUDED.newsletter_at END,
      newsletter = customers.newsletter OR EXCLUDED.newsletter,
      updated_at = CASE
        WHEN EXCLUDED.discord_user_id IS DISTINCT FROM customers.discord_user_id AND EXCLUDED.discord_user_id IS NOT NULL
          OR EXCLUDED.newsletter AND NOT customers.newsletter
        THEN now() ELSE customers.updated_at END
    RETURNING id`,
  );
  if (!row) throw new Error("customer upsert returned no row");
  return { id: row.id };
}
