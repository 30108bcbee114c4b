import { Prisma, query, type Db } from "../db";
import { listen } from "../db/listen";
import { appUrl, env } from "../env";
import { domainProblem } from "./schemas";

/**
 * Which shop a request's host names through a verified custom domain, asked
 * by server.ts for every request whose host could be one (not the app's own
 * host, not an IP address, not under STORE_DOMAIN). The answers, "none"
 * included, are kept in a small per-process map so a request costs no
 * database read; they are dropped when the database says they may have
 * changed (the `shop_domains` channel, whose triggers are in migration
 * 20261210200000_shop_domains), by the process that made the change at
 * once (forgetDomainHosts), and after TTL_MS whatever happens (a missed
 * notification while the listening connection was being re-made is also
 * covered by forgetting everything on reconnection).
 *
 * The map lives on globalThis: server.ts and the route handlers are bundled
 * apart, and both must see one map (a route that deletes a domain forgets it
 * here before it answers, so the next request is not routed).
 */
export const DOMAINS_CHANNEL = "shop_domains";
const TTL_MS = 5 * 60_000;
/** Made-up Host headers cost one entry each: the oldest is dropped past this. */
const LIMIT = 10_000;

type Entry = { subdomain: string | null; until: number };
type HostCache = { entries: Map<string, Entry>; generation: number };
const holder = globalThis as unknown as { shopdeskDomainHosts?: HostCache };

function hostCache(): HostCache {
  return (holder.shopdeskDomainHosts ??= { entries: new Map(), generation: 0 });
}

/** Drops the answers for these domains (or all): the next request for one reads the database. */
export function forgetDomainHosts(domains: string[] | "all"): void {
  const cache = hostCache();
  // a read in flight when this runs may hold the old answer: it is not stored (see shopOfHost)
  cache.generation++;
  if (domains === "all") cache.entries.clear();
  else for (const domain of domains) cache.entries.delete(domain);
}

let ownHost: string | undefined;

/** Whether a host (no port, lowercase) may be a shop's domain at all: what the API refuses to store is never looked up. */
function couldBeCustomDomain(name: string): boolean {
  if (domainProblem(name) !== null) return false;
  ownHost ??= new URL(appUrl()).hostname.toLowerCase();
  if (name === ownHost) return false;
  const storeDomain = env().STORE_DOMAIN;
  return !(storeDomain && (name === storeDomain || name.endsWith(`.${storeDomain}`)));
}

/** The subdomain of the shop whose verified custom domain `host` is (a port, if any, ignored), or null. */
export async function shopOfHost(db: Db, host: string): Promise<string | null> {
  const name = host.replace(/:\d+$/, "").toLowerCase();
  if (!couldBeCustomDomain(name)) return null;
  const cache = hostCache();
  const now = Date.now();
  const known = cache.entries.get(name);
  if (known && known.until > now) return known.subdomain;
  const generation = cache.generation;
  const rows = await query<{ subdomain: string }>(
    db,
    Prisma.sql`SELECT s.subdomain FROM shop_domains d JOIN shops s ON s.id = d.shop_id
                WHERE d.domain = ${name} AND d.status = 'verified' AND s.deleted_at IS NULL`,
  );
  const subdomain = rows[0]?.subdomain ?? null;
  if (cache.generation === generation) {
    cache.entries.delete(name);
    if (cache.entries.size >= LIMIT) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(name, { subdomain, until: now + TTL_MS });
  }
  return subdomain;
}

/** Started once per app process by server.ts, beside the storefront's cache listener. */
export async function startDomainHostListener(): Promise<void> {
  await listen(
    DOMAINS_CHANNEL,
    (payload) => forgetDomainHosts(payload ? [payload] : "all"),
    () => forgetDomainHosts("all"),
  );
}
