import * as z from "../validation/zod";
import { policyHere, refusalAsWritten } from "./policy";

const URL_MAX = 2048;

const isHttpUrl = (text: string) => URL.canParse(text) && ["http:", "https:"].includes(new URL(text).protocol);

const fieldName = (path: readonly PropertyKey[] | undefined) => (path?.length ? path.join(".") : "url").replace(/_/g, " ");

/**
 * A URL this server will call (a dynamic variant's `dynamic_url`, a seller
 * webhook): http or https, and not internal as written, i.e. no literal
 * loopback, private, link-local, CGNAT, multicast, unspecified or reserved
 * address in any spelling, and none of the well-known internal names
 * (lib/outbound/addresses.ts), unless the policy allows the target (this
 * server's own receiver, OUTBOUND_ALLOWED_HOSTS). DNS names are checked
 * again at send time on the address connected to (lib/outbound/request.ts).
 * In a browser only the form is checked; the server's 422 names the field.
 */
export function publicHttpUrl() {
  return z
    .string()
    .trim()
    .max(URL_MAX)
    .refine(isHttpUrl, {
      abort: true,
      error: (issue) => `The ${fieldName(issue.path)} field must be a valid http or https URL.`,
    })
    .refine(
      (text) => {
        const policy = policyHere();
        return policy === null || refusalAsWritten(new URL(text), policy) === null;
      },
      { error: (issue) => `The ${fieldName(issue.path)} field must be a public address: internal and loopback addresses are refused.` },
    );
}
