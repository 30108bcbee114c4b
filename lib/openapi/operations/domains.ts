import { messageBody } from "../../api/schemas";
import { createDomainBody, DOMAINS_PER_SHOP, domainList, domainView, VERIFY_CHECKS_PER_SHOP_PER_MINUTE } from "../../domains/schemas";
import type { Operation } from "../operation";

const domains = "/v1/shops/{shopId}/domains";
const domain = `${domains}/{domainId}`;
const tag = "Domains";

export const domainsOperations: Operation[] = [
  {
    operationId: "listDomains",
    method: "get",
    path: domains,
    summary: "The shop's custom domains, each with its verification record and status",
    tag,
    auth: "seller",
    permission: "settings:read",
    response: { description: "Every domain of the shop, oldest first.", schema: domainList },
  },
  {
    operationId: "createDomain",
    method: "post",
    path: domains,
    summary: "Add a custom domain (pending until its TXT record is found)",
    description:
      "The answer names the TXT record to create (`_shopdesk.<domain>`, value `shopdesk-verify=<token>`); the domain is checked " +
      "in the background (or by POST .../verify) and serves the shop's storefront once `verified`. The seller also points the " +
      `domain at this app (a CNAME or A record). A domain another shop holds, this app's own host, a host under STORE_DOMAIN, ` +
      `or a ${DOMAINS_PER_SHOP + 1}th domain of the shop is 422 on \`domain\`.`,
    tag,
    auth: "seller",
    permission: "settings:write",
    body: createDomainBody,
    response: { status: 201, description: "The domain, pending.", schema: domainView },
  },
  {
    operationId: "getDomain",
    method: "get",
    path: domain,
    summary: "One custom domain",
    tag,
    auth: "seller",
    permission: "settings:read",
    response: { description: "The domain.", schema: domainView },
  },
  {
    operationId: "deleteDomain",
    method: "delete",
    path: domain,
    summary: "Remove a custom domain: it stops serving the storefront at once",
    tag,
    auth: "seller",
    permission: "settings:write",
    response: { description: "`Domain deleted.`", schema: messageBody },
  },
  {
    operationId: "verifyDomain",
    method: "post",
    path: `${domain}/verify`,
    summary: "Check the domain's TXT record now",
    description:
      "Found: `verified`. Not found: a pending domain stays pending (`last_error` says what was found), a verified one becomes " +
      `\`failed\` and stops serving the storefront. No DNS answer changes no status. At most ${VERIFY_CHECKS_PER_SHOP_PER_MINUTE} ` +
      "checks per shop and minute (then 429).",
    tag,
    auth: "seller",
    permission: "settings:write",
    errors: ["TooManyAttempts"],
    response: { description: "The domain as the check left it.", schema: domainView },
  },
];
