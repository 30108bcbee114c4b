import { Resolver } from "node:dns/promises";
import { env } from "../env";
import { parseDnsServers } from "./dns-servers";
import { verificationName, verificationValue } from "./schemas";

/**
 * What one look-up of a domain's verification record found: the record
 * (`found`), an answer without it (`missing`: no such name, no TXT there, or
 * TXT records of other values), or no answer (`unreachable`: a timeout, a
 * resolver's failure), which says nothing about the domain.
 */
export type VerificationLookup = { kind: "found" } | { kind: "missing"; error: string } | { kind: "unreachable"; error: string };

const MISSING_CODES = new Set(["ENOTFOUND", "ENODATA"]);
/** A resolver tries each server this many times before giving up (each try waits DNS_TIMEOUT_MS). */
const TRIES = 2;

function resolver(): Resolver {
  const settings = env();
  const resolver = new Resolver({ timeout: settings.DNS_TIMEOUT_MS, tries: TRIES });
  const servers = settings.DNS_SERVERS ? parseDnsServers(settings.DNS_SERVERS) : null;
  if (servers) resolver.setServers(servers);
  return resolver;
}

/** Looks up `_shopdesk.<domain>` TXT through DNS_SERVERS (else the system's resolvers) and looks for the token's value. */
export async function lookUpVerification(domain: string, token: string): Promise<VerificationLookup> {
  const name = verificationName(domain);
  let records: string[][];
  try {
    records = await resolver().resolveTxt(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (MISSING_CODES.has(code)) return { kind: "missing", error: `No TXT record at ${name}.` };
    return { kind: "unreachable", error: `The DNS look-up of ${name} failed (${code || (error as Error).message}).` };
  }
  const wanted = verificationValue(token);
  // a TXT record's text may arrive in several strings of up to 255 bytes: they are one value
  if (records.some((chunks) => chunks.join("").trim() === wanted)) return { kind: "found" };
  return { kind: "missing", error: `The TXT records at ${name} do not include ${wanted}.` };
}
