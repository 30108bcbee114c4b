import { timestamp } from "../api/schemas";
import * as z from "../validation/zod";

/**
 * A shop's custom domains (lib/domains), shared by the routes, the OpenAPI
 * document and the dashboard's form. A domain is a host name as a browser
 * sends it in `Host`: lowercase ASCII labels (an internationalised name in
 * its `xn--` form), no port, no IP address, no trailing dot.
 */

/** At most this many domains per shop, whatever their status. */
export const DOMAINS_PER_SHOP = 5;
/** "Check now" (POST .../verify) per shop: each is a DNS look-up this server makes on the caller's behalf. */
export const VERIFY_CHECKS_PER_SHOP_PER_MINUTE = 10;
/** DNS's bound on a name in text form. */
export const DOMAIN_MAX = 253;
export const DOMAIN_STATUSES = ["pending", "verified", "failed"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** Where the verification record lives, and the text of its value. */
export const VERIFICATION_PREFIX = "_shopdesk";
export const verificationName = (domain: string) => `${VERIFICATION_PREFIX}.${domain}`;
export const verificationValue = (token: string) => `shopdesk-verify=${token}`;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why `name` (already lowercased and trimmed) is not a domain a shop can use, or null. */
export function domainProblem(name: string): string | null {
  if (/:\d*$/.test(name) && !name.includes("[")) return "The domain must not include a port.";
  if (/^\[|:/.test(name) || /^\d+(\.\d+){3}$/.test(name)) return "The domain must be a host name, not an IP address.";
  if (/[/?#@\s]/.test(name) || name.includes("://")) return "The domain must be a host name only, such as shop.example.com.";
  if (name.length > DOMAIN_MAX) return `The domain must not be greater than ${DOMAIN_MAX} characters.`;
  const labels = name.split(".");
  if (labels.length < 2) return "The domain must have at least two labels, such as shop.example.com.";
  if (!labels.every((label) => LABEL.test(label)))
    return "Each label of the domain must be 1-63 letters, digits or dashes, not starting or ending with a dash.";
  if (/^\d+$/.test(labels.at(-1)!)) return "The domain must be a host name, not an IP address.";
  if (labels[0] === VERIFICATION_PREFIX) return "The domain must not be a verification record's name.";
  return null;
}

/** POST /v1/shops/{shopId}/domains */
export const createDomainBody = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(DOMAIN_MAX + 10)
    .superRefine((name, ctx) => {
      const problem = domainProblem(name);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .describe(
      "A host name such as `shop.example.com` (lowercased; letters, digits and dashes in labels, at least one dot, no port, " +
        "no IP address, at most 253 characters). Not this app's own host, not under STORE_DOMAIN, not another shop's.",
    ),
});
export type CreateDomainInput = z.output<typeof createDomainBody>;

export const domainView = z
  .object({
    id: z.int(),
    domain: z.string(),
    status: z
      .enum(DOMAIN_STATUSES)
      .describe(
        "`pending`: not yet seen in DNS (checked about every minute for the first hour, then less often); `verified`: the record was " +
          "found and the domain serves the storefront (re-checked every few hours); `failed`: the record was not found for a week, " +
          "or a verified domain's record disappeared: not routed, re-checked daily and by POST .../verify.",
      ),
    verification: z
      .object({
        type: z.literal("TXT"),
        name: z.string().describe("`_shopdesk.<domain>`"),
        value: z.string().describe("`shopdesk-verify=<token>`: the token is this domain's own, random."),
      })
      .describe("The DNS record the seller creates to prove they control the domain; it must stay in place."),
    verified_at: timestamp.nullable().describe("When the domain last became verified (kept across re-checks and after a failure)."),
    last_checked_at: timestamp.nullable(),
    last_error: z.string().nullable().describe("What the last check found wrong; null after a successful one."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Domain" });
export type DomainView = z.output<typeof domainView>;

export const domainList = z.object({ data: z.array(domainView) }).meta({ id: "DomainList" });
