import { randomBytes } from "node:crypto";
import { Prisma, type Db, type PrismaClient } from "../db";
import { invalid, notFound } from "../api/errors";
import { hitRateLimit } from "../api/rate-limit";
import type { AuditContext } from "../audit/context";
import { recordAudit } from "../audit/record";
import { appUrl, env } from "../env";
import { lockShop } from "../payment-methods/derive";
import { checkDomain } from "./checks";
import { forgetDomainHosts } from "./host-cache";
import {
  DOMAINS_PER_SHOP,
  VERIFY_CHECKS_PER_SHOP_PER_MINUTE,
  verificationName,
  verificationValue,
  type CreateDomainInput,
  type DomainStatus,
  type DomainView,
} from "./schemas";

/**
 * /v1/shops/{shopId}/domains: the shop's custom domains. Adding one gives
 * it a random token for its TXT record; the background checks
 * (lib/domains/worker.ts) or POST .../verify find the record and make it
 * `verified`, and only then does server.ts route its host to the shop.
 */

const TAKEN = "The domain has already been taken.";

const SELECT = {
  id: true,
  domain: true,
  token: true,
  status: true,
  verified_at: true,
  last_checked_at: true,
  last_error: true,
  created_at: true,
  updated_at: true,
} as const;
type DomainRow = Prisma.ShopDomainGetPayload<{ select: typeof SELECT }>;

function domainView(row: DomainRow): DomainView {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status as DomainStatus,
    verification: { type: "TXT", name: verificationName(row.domain), value: verificationValue(row.token) },
    verified_at: row.verified_at?.toISOString() ?? null,
    last_checked_at: row.last_checked_at?.toISOString() ?? null,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function findDomain(db: Db, shopId: number, id: number) {
  const row = await db.shopDomain.findFirst({ where: { id, shop_id: shopId }, select: { ...SELECT, shop_id: true } });
  if (!row) throw notFound("Domain");
  return row;
}

export async function listDomains(db: Db, shopId: number): Promise<{ data: DomainView[] }> {
  const rows = await db.shopDomain.findMany({ where: { shop_id: shopId }, orderBy: { id: "asc" }, select: SELECT });
  return { data: rows.map(domainView) };
}

export async function getDomain(db: Db, shopId: number, id: number): Promise<DomainView> {
  return domainView(await findDomain(db, shopId, id));
}

/** The hosts this app already answers as itself: a shop cannot claim them. */
function refuseOwnHosts(domain: string) {
  if (domain === new URL(appUrl()).hostname.toLowerCase()) throw invalid("domain", "The domain is this app's own address.");
  const storeDomain = env().STORE_DOMAIN;
  if (storeDomain && (domain === storeDomain || domain.endsWith(`.${storeDomain}`)))
    throw invalid("domain", `The domain must not be under ${storeDomain}: shops have their ${storeDomain} host already.`);
}

/** POST: a new pending domain, checked by the next round of the background checks. */
export async function createDomain(
  client: PrismaClient,
  shopId: number,
  input: CreateDomainInput,
  audit: AuditContext,
): Promise<DomainView> {
  refuseOwnHosts(input.domain);
  try {
    return await client.$transaction(async (tx) => {
      await lockShop(tx, shopId);
      // the friendly refusal; two shops racing for one domain meet the unique index instead (mapped below)
      if (await tx.shopDomain.findUnique({ where: { domain: input.domain }, select: { id: true } })) throw invalid("domain", TAKEN);
      if ((await tx.shopDomain.count({ where: { shop_id: shopId } })) >= DOMAINS_PER_SHOP)
        throw invalid("domain", `A shop can have at most ${DOMAINS_PER_SHOP} domains; remove one first.`);
      const row = await tx.shopDomain.create({
        data: { shop_id: shopId, domain: input.domain, token: randomBytes(18).toString("base64url") },
        select: SELECT,
      });
      await recordAudit(tx, audit, {
        action: "domain.created",
        target: { type: "domain", id: row.id },
        changes: { domain: { new: row.domain } },
      });
      return domainView(row);
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw invalid("domain", TAKEN);
    throw error;
  }
}

/** DELETE: the domain stops serving the shop at this process's next request (and the others' once notified). */
export async function deleteDomain(client: PrismaClient, shopId: number, id: number, audit: AuditContext) {
  const domain = await client.$transaction(async (tx) => {
    const row = await findDomain(tx, shopId, id);
    await tx.shopDomain.delete({ where: { id } });
    await recordAudit(tx, audit, {
      action: "domain.deleted",
      target: { type: "domain", id },
      changes: { domain: { old: row.domain }, status: { old: row.status } },
    });
    return row.domain;
  });
  forgetDomainHosts([domain]);
  return { message: "Domain deleted." };
}

/** POST .../verify: checks the record now (rate-limited per shop) and answers the domain as the check left it. */
export async function verifyDomain(db: Db, shopId: number, id: number): Promise<DomainView> {
  const row = await findDomain(db, shopId, id);
  await hitRateLimit(db, `domain-verify:shop:${shopId}`, VERIFY_CHECKS_PER_SHOP_PER_MINUTE, 60);
  await checkDomain(db, {
    id: row.id,
    domain: row.domain,
    token: row.token,
    status: row.status,
    created_at: row.created_at,
    verified_at: row.verified_at,
  });
  return getDomain(db, shopId, id);
}
