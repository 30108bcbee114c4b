import type { Db } from "../db";
import { serializeBlacklistEntry } from "./entries";
import type { BlacklistTestResult, TestBlacklistInput } from "./schemas";
import { matchingEntries } from "./screen";

/** POST /v1/shops/{shopId}/blacklist/test: what screenBuyer would say about this one value, and which entries say it. */
export async function testBlacklistValue(db: Db, shopId: number, input: TestBlacklistInput): Promise<BlacklistTestResult> {
  const [entries, banned] = await Promise.all([
    db.blacklistEntry.findMany({ where: { shop_id: shopId, type: input.type }, orderBy: { id: "asc" } }),
    input.type === "email"
      ? db.customer.findFirst({ where: { shop_id: shopId, email: input.value.toLowerCase(), banned: true }, select: { id: true } })
      : null,
  ]);
  const matches = matchingEntries(entries, input.type, input.value).map(serializeBlacklistEntry);
  return { blocked: matches.length > 0 || banned !== null, customer_banned: banned !== null, matches };
}
