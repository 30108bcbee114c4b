import type { Db } from "../db";
import type { BlacklistEntry } from "../generated/prisma/client";
import { ruleMatcher } from "./rules";
import type { BlacklistType } from "./schemas";

export type Buyer = {
  email: string;
  ip?: string | null;
  country_code?: string | null;
  user_agent?: string | null;
  asn?: number | null;
};

export type ScreenRefusal = { field: BlacklistType; reason: string | null };

/** The order fields are screened in: the first refusal names its field. */
const FIELDS: BlacklistType[] = ["email", "ip", "user_agent", "asn", "country_code"];

function buyerValue(buyer: Buyer, field: BlacklistType): string | null {
  const value = buyer[field];
  if (value === null || value === undefined) return null;
  return typeof value === "number" ? String(value) : value;
}

/** The shop's entries (oldest first) that match `value` as a `type` value. */
export function matchingEntries(entries: BlacklistEntry[], type: BlacklistType, value: string): BlacklistEntry[] {
  return entries.filter((entry) => entry.type === type && ruleMatcher(entry)(value));
}

/**
 * Whether checkout must refuse this buyer: null when allowed, else the field
 * that refused them and the entry's reason. A banned customer with this email
 * (compared lower-cased, as customers are stored) is a refusal on `email`
 * with reason null. Entries are read in one statement per call: the rules
 * live in the database, so every app process sees a change at once.
 */
export async function screenBuyer(db: Db, shopId: number, buyer: Buyer): Promise<ScreenRefusal | null> {
  const email = buyer.email.trim().toLowerCase();
  const [banned, entries] = await Promise.all([
    db.customer.findFirst({ where: { shop_id: shopId, email, banned: true }, select: { id: true } }),
    db.blacklistEntry.findMany({ where: { shop_id: shopId }, orderBy: { id: "asc" } }),
  ]);
  if (banned) return { field: "email", reason: null };
  for (const field of FIELDS) {
    const value = buyerValue(buyer, field);
    if (value === null || value === "") continue;
    const [match] = matchingEntries(entries, field, value);
    if (match) return { field, reason: match.reason };
  }
  return null;
}
