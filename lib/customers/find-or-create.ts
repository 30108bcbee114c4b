import { Prisma, query, type Db } from "../db";

/**
 * The shop's customer with this email, made if there is none (checkout links
 * each invoice to one). One `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`:
 * two concurrent checkouts by the same new buyer both get the one row, with
 * no unique violation for either (DO NOTHING would return no row to the
 * loser). Emails are compared trimmed and lower-cased, as customers store them.
 */
export async function findOrCreateCustomer(tx: Db, shopId: number, email: string): Promise<{ id: number }> {
  const normalized = email.trim().toLowerCase();
  const [row] = await query<{ id: number }>(
    tx,
    Prisma.sql`
    INSERT INTO customers (shop_id, email) VALUES (${shopId}, ${normalized})
    ON CONFLICT (shop_id, email) DO UPDATE SET email = EXCLUDED.email
    RETURNING id`,
  );
  if (!row) throw new Error("customer upsert returned no row");
  return { id: row.id };
}
