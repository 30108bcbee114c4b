import type { Db } from "../db";
import { env } from "../env";
import { lookUpVerification, type VerificationLookup } from "./dns";
import { forgetDomainHosts } from "./host-cache";
import type { DomainStatus } from "./schemas";

/**
 * One check of a domain's verification record and what it changes. Found:
 * the domain is (or stays) `verified`. Not found: a pending domain stays
 * pending for a week after it was added, then `failed`; a verified one is
 * `failed` at once (its owner withdrew the proof, or the domain changed
 * hands), and stops serving the shop. No answer (a timeout, a resolver's
 * failure) changes no status: a resolver's bad minute must not take a
 * shop's storefront off its domain.
 */
export const PENDING_FOR_MS = 7 * 86_400_000;
const FIRST_HOUR_MS = 3_600_000;
const VERIFIED_RECHECK_MS = 6 * 3_600_000;
const FAILED_RECHECK_MS = 86_400_000;

export type CheckedDomain = { id: number; domain: string; token: string; status: string; created_at: Date; verified_at: Date | null };

function nextCheck(status: DomainStatus, found: boolean, createdAt: Date, now: number): Date {
  const interval = env().DOMAIN_CHECK_INTERVAL_MS;
  if (status === "verified") return new Date(now + (found ? VERIFIED_RECHECK_MS : 10 * interval));
  if (status === "failed") return new Date(now + FAILED_RECHECK_MS);
  // pending: often while the seller is likely still setting the record up, then less often
  return new Date(now + (now - createdAt.getTime() < FIRST_HOUR_MS ? interval : 10 * interval));
}

/** The domain's fields after a look-up found `lookup`. */
export function afterLookup(row: CheckedDomain, lookup: VerificationLookup, now: number) {
  const was = row.status as DomainStatus;
  let status: DomainStatus;
  if (lookup.kind === "found") status = "verified";
  else if (lookup.kind === "missing" && was === "verified") status = "failed";
  else if (was === "pending" && now - row.created_at.getTime() >= PENDING_FOR_MS) status = "failed";
  else status = was;
  return {
    status,
    verified_at: status !== "verified" ? row.verified_at : was === "verified" && row.verified_at ? row.verified_at : new Date(now),
    last_checked_at: new Date(now),
    last_error: lookup.kind === "found" ? null : lookup.error.slice(0, 1000),
    next_check_at: nextCheck(status, lookup.kind === "found", row.created_at, now),
  };
}

/** Looks the record up and saves what it found (nothing if the domain was deleted meanwhile). */
export async function checkDomain(db: Db, row: CheckedDomain): Promise<void> {
  const lookup = await lookUpVerification(row.domain, row.token);
  const fields = afterLookup(row, lookup, Date.now());
  await db.shopDomain.updateMany({ where: { id: row.id }, data: fields });
  // this process routes by the new status at once; the others hear of it from the database's trigger
  if (fields.status !== row.status) forgetDomainHosts([row.domain]);
}
