import * as z from "../validation/zod";
import { internalHostRange } from "./addresses";

/**
 * The targets outbound calls may reach besides public addresses: this
 * server's own dynamic-delivery receiver (shop-to-shop reselling on one
 * Shopdesk) and the `host:port` entries of OUTBOUND_ALLOWED_HOSTS
 * (development and test listeners). Browser-safe: it reads `process.env`
 * rather than lib/env.ts, which is server-only, because the save-time URL
 * rule runs in the dashboard's forms too.
 */
export type OutboundPolicy = {
  /** Where this server's own receiver lives: `${APP_URL}/v1/reseller/dynamic/`, normalised. */
  ownReceiver: string;
  /** Normalised `host:port` entries, as {@link hostPort} spells a URL's. */
  allowedHosts: ReadonlySet<string>;
};

/** A URL's host and port as WHATWG spells them, the default port written out: `127.0.0.1:80`, `[::1]:4000`. */
export function hostPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
}

const HOST_PORT = /^(\[[0-9a-f:.]+\]|[^\s:/?#@[\]]+):\d{1,5}$/i;

/** OUTBOUND_ALLOWED_HOSTS: comma-separated `host:port` (a name or an IP; IPv6 in brackets); empty allows nothing. */
export const allowedHostsSetting = z
  .string()
  .default("")
  .transform((text, ctx) => {
    const entries = new Set<string>();
    for (const entry of text
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)) {
      if (!HOST_PORT.test(entry) || !URL.canParse(`http://${entry}/`)) {
        ctx.addIssue({ code: "custom", message: `OUTBOUND_ALLOWED_HOSTS: "${entry}" is not host:port` });
        continue;
      }
      entries.add(hostPort(new URL(`http://${entry}/`)));
    }
    return entries as ReadonlySet<string>;
  });

let configured: OutboundPolicy | undefined;

/** The policy of this process's configuration, read once. */
export function configuredPolicy(): OutboundPolicy {
  configured ??= policyOf(process.env);
  return configured;
}

function policyOf(environment: NodeJS.ProcessEnv): OutboundPolicy {
  // appUrl() of lib/env.ts, spelled out here because that module is server-only.
  const appUrl = (environment.APP_URL || `http://localhost:${environment.PORT || 3000}`).replace(/\/$/, "");
  return {
    ownReceiver: new URL(`${appUrl}/v1/reseller/dynamic/`).href,
    allowedHosts: allowedHostsSetting.parse(environment.OUTBOUND_ALLOWED_HOSTS),
  };
}

/** Null in a browser, which cannot know the server's configuration: there the server's answer decides. */
export function policyHere(): OutboundPolicy | null {
  return typeof window === "undefined" ? configuredPolicy() : null;
}

/** Whether the policy names this URL's target (own receiver or an allowed host:port), so no address rule applies. */
export function isAllowedTarget(url: URL, policy: OutboundPolicy): boolean {
  if (policy.allowedHosts.has(hostPort(url))) return true;
  return url.href.startsWith(policy.ownReceiver);
}

/**
 * Why a URL may not be called as written, or null when it may (so far as the
 * text tells: a DNS name is checked again on the address it resolves to).
 */
export function refusalAsWritten(url: URL, policy: OutboundPolicy): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") return "only http and https URLs are called";
  if (isAllowedTarget(url, policy)) return null;
  const range = internalHostRange(url.hostname);
  return range ? `${url.hostname} is an internal address (${range})` : null;
}
