import { Prisma, db, query, type Db } from "../db";
import { env } from "../env";
import { checkDomain, type CheckedDomain } from "./checks";

/** Domains checked per round (their look-ups run together). */
const BATCH = 10;
/** A claimed check that never reported (its process died) is due again after this. */
const CLAIM_MS = 5 * 60_000;

/**
 * Claims up to BATCH domains whose check is due by pushing their
 * `next_check_at` ahead by CLAIM_MS in one statement; rows another process
 * is claiming at that moment are skipped (SKIP LOCKED), and a claimed row is
 * not due for the others, so several processes never check one domain
 * together. The DNS look-ups happen after, outside any transaction; each
 * saves its own next_check_at.
 */
async function claim(client: Db): Promise<CheckedDomain[]> {
  const now = new Date();
  return query<CheckedDomain>(
    client,
    Prisma.sql`
      UPDATE shop_domains SET next_check_at = ${new Date(now.getTime() + CLAIM_MS)}::timestamp(3)
       WHERE id IN (SELECT id FROM shop_domains WHERE next_check_at <= ${now}::timestamp(3)
                     ORDER BY next_check_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, domain, token, status, created_at, verified_at`,
  );
}

/** One round: claim and check. Returns how many domains it checked. */
export async function checkDueDomains(client: Db): Promise<number> {
  const rows = await claim(client);
  await Promise.all(rows.map((row) => checkDomain(client, row).catch((error) => console.error(`checking ${row.domain} failed`, error))));
  return rows.length;
}

const holder = globalThis as unknown as { shopdeskDomainChecks?: NodeJS.Timeout };
let checking = false;
let stopping = false;

/**
 * Started once per app process by server.ts: every DOMAIN_CHECK_INTERVAL_MS,
 * checks the custom domains that are due (lib/domains/checks.ts says when).
 */
export function startDomainChecks(): void {
  if (holder.shopdeskDomainChecks) return;
  const tick = async () => {
    if (checking || stopping) return;
    checking = true;
    try {
      while (!stopping && (await checkDueDomains(db())) === BATCH);
    } catch (error) {
      console.error("domain checks failed", error);
    } finally {
      checking = false;
    }
  };
  holder.shopdeskDomainChecks = setInterval(() => void tick(), env().DOMAIN_CHECK_INTERVAL_MS);
  holder.shopdeskDomainChecks.unref();
}

/** Stops the rounds and waits (at most `withinMs`) for the round in progress. */
export async function stopDomainChecks(withinMs: number): Promise<void> {
  stopping = true;
  if (holder.shopdeskDomainChecks) clearInterval(holder.shopdeskDomainChecks);
  const deadline = Date.now() + withinMs;
  while (checking && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}
