import type { Operation } from "../document";
import { applySchema, resellerLoginSchema, resellerPageQuery, testDeliverySchema } from "../../reseller/schemas";

const P = "Reseller portal";

/** The routes the reseller portal (/reseller in the browser) needs beyond the spec's reseller API. */
export const resellerPortalOperations: Operation[] = [
  {
    method: "post",
    path: "/v1/reseller/auth/login",
    summary: "Portal sign-in (sets the reseller session cookie); `shop_id` when the person resells for several shops",
    tag: P,
    auth: "none",
    body: resellerLoginSchema,
    errors: [403, 429],
  },
  { method: "post", path: "/v1/reseller/auth/logout", summary: "Portal sign-out", tag: P, auth: "none", errors: [403] },
  {
    method: "get",
    path: "/v1/reseller/me",
    summary: "The signed-in reseller: user, shop, API key prefix, dynamic token",
    tag: P,
    auth: "reseller",
  },
  {
    method: "get",
    path: "/v1/reseller/ledger",
    summary: "Credits and charges of the balance, newest first",
    tag: P,
    auth: "reseller",
    query: resellerPageQuery,
    success: { description: "Reseller envelope of ledger entries" },
  },
  {
    method: "post",
    path: "/v1/reseller/apply",
    summary: "Apply to resell for a shop (pending until the seller approves); email and password unless signed in",
    tag: P,
    auth: "none",
    body: applySchema,
    success: { status: 201, description: "`{message, reseller: {id, status, shop}}`" },
    errors: [403, 429],
  },
  {
    method: "post",
    path: "/v1/reseller/test-delivery",
    summary: "Call the reseller's own receiver with a correctly signed request (a real, charged delivery)",
    tag: P,
    auth: "reseller",
    body: testDeliverySchema,
    success: { description: "`{url, status, body}`: the receiver's answer" },
  },
];
