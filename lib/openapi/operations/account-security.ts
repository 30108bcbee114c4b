import { messageBody } from "../../api/schemas";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  passwordResetRequestedView,
  resetPasswordSchema,
  sessionListView,
} from "../../auth/schemas";
import type { Operation } from "../operation";

const forgot = (portal: boolean): Operation => ({
  operationId: portal ? "resellerForgotPassword" : "forgotPassword",
  method: "post",
  path: portal ? "/v1/reseller/auth/password/forgot" : "/v1/auth/password/forgot",
  summary: `E-mail a single-use link that sets a new password (${portal ? "it opens the reseller portal" : "it opens the dashboard"})`,
  description:
    "Always 202, whether or not the address has an account; the address is e-mailed the link (valid one hour), or a note that no account uses it. Limited per client (10 in 10 minutes; IPv6: per /64) and per recipient (3 an hour).",
  tag: portal ? "Reseller portal" : "Account",
  auth: "none",
  body: forgotPasswordSchema,
  response: { status: 202, description: "The same answer for every address.", schema: passwordResetRequestedView },
  errors: ["CrossOrigin", "TooManyAttempts"],
});

const reset = (portal: boolean): Operation => ({
  operationId: portal ? "resellerResetPassword" : "resetPassword",
  method: "post",
  path: portal ? "/v1/reseller/auth/password/reset" : "/v1/auth/password/reset",
  summary: "Set a new password with an e-mailed link's token (also an invited reseller's first password)",
  description:
    "Spends the link (single use) and ends every session of the account, dashboard and portal. A used, expired or unknown token is 422 on `token`; a password under 12 characters is 422 on `password`.",
  tag: portal ? "Reseller portal" : "Account",
  auth: "none",
  body: resetPasswordSchema,
  response: { description: "The password is set; sign in with it.", schema: messageBody },
  errors: ["CrossOrigin", "HashingBusy"],
});

export const accountSecurityOperations: Operation[] = [
  forgot(false),
  reset(false),
  {
    operationId: "changePassword",
    method: "put",
    path: "/v1/account/password",
    summary: "Change the password (dashboard session only); every other session ends",
    description:
      "A wrong `current_password` is 422 on that field and counts against the sign-in limits (then 429). The session of the request stays signed in.",
    tag: "Account",
    auth: "seller",
    permission: "account",
    sessionOnly: true,
    body: changePasswordSchema,
    response: { description: "The password is changed.", schema: messageBody },
    errors: ["TooManyAttempts", "HashingBusy"],
  },
  {
    operationId: "listSessions",
    method: "get",
    path: "/v1/account/sessions",
    summary: "The account's live sessions, dashboard and reseller portal (dashboard session only)",
    tag: "Account",
    auth: "seller",
    permission: "account",
    sessionOnly: true,
    response: { description: "Most recently used first; `current` marks this request's.", schema: sessionListView },
  },
  {
    operationId: "endOtherSessions",
    method: "delete",
    path: "/v1/account/sessions",
    summary: "Sign out everywhere else: end every session of the account but this one",
    description: "To end this one too, sign out (`POST /v1/auth/logout`) after.",
    tag: "Account",
    auth: "seller",
    permission: "account",
    sessionOnly: true,
    response: { description: "How many sessions ended, in words.", schema: messageBody },
  },
  {
    operationId: "revokeSession",
    method: "delete",
    path: "/v1/account/sessions/{id}",
    summary: "End one session of the account (this one too: that signs out)",
    tag: "Account",
    auth: "seller",
    permission: "account",
    sessionOnly: true,
    response: { description: "`Session deleted.`", schema: messageBody },
  },
  forgot(true),
  reset(true),
];
