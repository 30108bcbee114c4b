import type { Db } from "../db";
import { storedDynamicToken } from "./credentials";

/**
 * Resellers' dynamic tokens were stored in clear until migration
 * 20261124150000, which cannot encrypt them (the key is not in the
 * database): those rows keep the clear token with a NULL hash. The server
 * converts them at start-up, before it listens, so the receiver (which
 * finds tokens only by their hash) never misses one. Each row is converted
 * by a conditional UPDATE, so processes starting together convert it once.
 */
export async function encryptClearDynamicTokens(db: Db): Promise<number> {
  const clear = await db.reseller.findMany({ where: { dynamic_token_hash: null }, select: { id: true, dynamic_token_encrypted: true } });
  let converted = 0;
  for (const row of clear) {
    const updated = await db.reseller.updateMany({
      where: { id: row.id, dynamic_token_hash: null },
      data: storedDynamicToken(row.dynamic_token_encrypted),
    });
    converted += updated.count;
  }
  return converted;
}
