import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The Content-Security-Policy of every answer that is not a storefront page
 * (those are cached, so their policy is a fixed one in next.config.mjs).
 *
 * The app's pages (dashboard, portal, buyer's page, sign-in, invitations)
 * render per request (app/(app)/layout.tsx), so each answer carries a fresh
 * nonce: scripts run only when the server wrote them (Next puts the nonce on
 * its own scripts and inline data, reading it from this policy on the
 * request), and a script they load may load more ('strict-dynamic'); no
 * inline script an attacker injected can run. Styles stay 'unsafe-inline':
 * React writes `style` attributes, and a style cannot run code.
 */
export function pagePolicy(nonce: string, dev = false): string {
  // the development server's React evaluates code to rebuild stack traces
  return policyRunning(`'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`, dev);
}

/**
 * The answer of a page Next built ahead of time: its 404 for a path no page
 * serves (app/not-found.tsx). Its scripts carry no nonce, so under the page
 * policy every one of them would be refused; and the page is the same file
 * for every request, with nothing of the request in it, so its own inline
 * scripts may run, as the storefront's cached pages' do (next.config.mjs).
 */
function prebuiltPagePolicy(dev = false): string {
  return policyRunning(`'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`, dev);
}

function policyRunning(scripts: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    // data: for the two-factor QR code, blob: for an image's preview before upload
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** API answers and files: nothing in them is meant to run or to be framed. */
export const answerPolicy = "default-src 'none'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Sets the answer's policy, and for an app page hands the same policy to Next
 * on the request, where it finds the nonce to put on its scripts. A policy
 * header the client sent is dropped first: it would choose that nonce.
 */
export function applyContentSecurityPolicy(req: IncomingMessage, res: ServerResponse, dev: boolean): void {
  delete req.headers["content-security-policy"];
  delete req.headers["content-security-policy-report-only"];
  const path = req.url ?? "/";
  // storefront pages carry next.config.mjs's cacheable policy; the framework's static files need none
  if (path.startsWith("/s/") || path.startsWith("/_next/")) return;
  if (path === "/v1" || path.startsWith("/v1/") || path.startsWith("/cdn/"))
    return void res.setHeader("Content-Security-Policy", answerPolicy);
  const policy = pagePolicy(randomBytes(16).toString("base64"), dev);
  req.headers["content-security-policy"] = policy;
  res.setHeader("Content-Security-Policy", policy);
  // a page answers 404 only as Next's prebuilt not-found page (the app's pages render per request and show a
  // missing record themselves): known only once Next writes the status
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode === 404) this.setHeader("Content-Security-Policy", prebuiltPagePolicy(dev));
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
  } as ServerResponse["writeHead"];
}
