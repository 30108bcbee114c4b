import * as z from "../../validation/zod";
import type { Operation } from "../operation";
import { messageBody } from "../../api/schemas";
import { changePasswordSchema, twoFactorRequiredView } from "../../auth/schemas";
import {
  applicationPendingView,
  applicationView,
  applySchema,
  confirmApplicationSchema,
  ledgerPage,
  portalProfileView,
  resellerLoginSchema,
  resellerPageQuery,
  testDeliverySchema,
  testDeliveryView,
} from "../../reseller/schemas";

const P = "Reseller portal";
const sessionCookie = {
  "Set-Cookie": {
    description: "The HttpOnly reseller session cookie (`shopdesk_reseller_session`; `__Host-shopdesk_reseller_session` over TLS).",
    required: true,
    schema: { type: "string" as const },
  },
};

/** The routes the reseller portal (/reseller in the browser) needs beyond the spec's reseller API. */
export const resellerPortalOperations: Operation[] = [
  {
    operationId: "resellerLogin",
    method: "post",
    path: "/v1/reseller/auth/login",
    summary: "Portal sign-in (sets the reseller session cookie); `shop_id` when the person resells for several shops",
    tag: P,
    auth: "none",
    description:
      'With two-factor sign-in on (turned on in the dashboard: it is the same account), the first answer is `{"two_factor_required": true}` and no session; send the same request with `code`, as on the dashboard\'s sign-in.',
    body: resellerLoginSchema,
    response: {
      description: "The signed-in reseller, or `two_factor_required` (no session yet).",
      schema: z.union([portalProfileView, twoFactorRequiredView]),
      headers: { "Set-Cookie": { ...sessionCookie["Set-Cookie"], required: false } },
    },
    errors: ["CrossOrigin", "TooManyAttempts", "HashingBusy"],
  },
  {
    operationId: "resellerLogout",
    method: "post",
    path: "/v1/reseller/auth/logout",
    summary: "Portal sign-out",
    tag: P,
    auth: "none",
    response: { description: "The session is ended and its cookie cleared.", schema: messageBody, headers: sessionCookie },
    errors: ["CrossOrigin"],
  },
  {
    operationId: "getResellerProfile",
    method: "get",
    path: "/v1/reseller/me",
    summary: "The signed-in reseller: user, shop, API key prefix, dynamic token",
    tag: P,
    auth: "reseller",
    response: { description: "The reseller.", schema: portalProfileView },
  },
  {
    operationId: "listResellerLedger",
    method: "get",
    path: "/v1/reseller/ledger",
    summary: "Credits and charges of the balance, newest first",
    tag: P,
    auth: "reseller",
    query: resellerPageQuery,
    response: { description: "Reseller envelope of ledger entries.", schema: ledgerPage },
  },
  {
    operationId: "applyToResell",
    method: "post",
    path: "/v1/reseller/apply",
    summary: "Apply to resell for a shop (pending until the seller approves); email and password unless signed in",
    description:
      "A signed-in portal user, or an account whose password is given, applies at once (201). Any other request, an address without an account or an account's address with a wrong password, is answered alike (202) and e-mails that address: a link (24 hours, single use; `POST /v1/reseller/apply/confirm`) that makes the account with this password and sends the application, or a note that the address has an account. New accounts per client address and minute: `NEW_ACCOUNTS_PER_ADDRESS_PER_MINUTE` (30). A password under 12 characters that proves no account is 422 on `password`.",
    tag: P,
    auth: "none",
    body: applySchema,
    response: { status: 201, description: "The pending application.", schema: applicationView },
    alsoResponds: {
      status: 202,
      description: "The same answer for every address whose account the request did not prove.",
      schema: applicationPendingView,
    },
    errors: ["CrossOrigin", "TooManyAttempts", "HashingBusy"],
  },
  {
    operationId: "confirmApplication",
    method: "post",
    path: "/v1/reseller/apply/confirm",
    summary: "Go on with an application with its e-mailed link's token: the account is made and the application sent",
    description:
      "Spends the link (single use). An account made for the address meanwhile keeps its own password. A used, expired or unknown token is 422 on `token`; the shop gone or already a reseller of it, 422 on `shop_id` (the link stays unspent).",
    tag: P,
    auth: "none",
    body: confirmApplicationSchema,
    response: { status: 201, description: "The pending application.", schema: applicationView },
    errors: ["CrossOrigin"],
  },
  {
    operationId: "changeResellerPassword",
    method: "put",
    path: "/v1/reseller/account/password",
    summary: "Change the password (portal session only); every other session of the account ends, the dashboard's too",
    description:
      "A wrong `current_password` is 422 on that field and counts against the sign-in limits (then 429). The session of the request stays signed in.",
    tag: P,
    auth: "reseller",
    sessionOnly: true,
    body: changePasswordSchema,
    response: { description: "The password is changed.", schema: messageBody },
    errors: ["TooManyAttempts", "HashingBusy"],
  },
  {
    operationId: "sendTestDelivery",
    method: "post",
    path: "/v1/reseller/test-delivery",
    summary: "Call the reseller's own receiver with a correctly signed request (a real, charged delivery)",
    tag: P,
    auth: "reseller",
    description: "At most 60 per reseller and hour (then 429).",
    body: testDeliverySchema,
    errors: ["TooManyAttempts"],
    response: { description: "What the receiver answered.", schema: testDeliveryView },
  },
];
