import { messageBody } from "../../api/schemas";
import {
  createPaymentMethodBody,
  orderPaymentMethodsBody,
  paymentMethodList,
  paymentMethodView,
  updatePaymentMethodBody,
} from "../../payment-methods/schemas";
import type { Operation } from "../operation";

const methods = "/v1/shops/{shopId}/payment-methods";
const method = `${methods}/{paymentMethodId}`;
const tag = "Payments";
const derived =
  "`valid_payment_methods` (the shop, GET/PUT /settings) is derived from the enabled methods in their order in the same transaction. ";
const guarded =
  "Payout addresses under `settings` need `payouts:write`; they and the processor's credentials need a recent sign-in and are e-mailed to the owner. ";

export const paymentMethodsOperations: Operation[] = [
  {
    operationId: "listPaymentMethods",
    method: "get",
    path: methods,
    summary: "The shop's payment methods, in the order a checkout offers them",
    tag,
    auth: "seller",
    permission: "settings:read",
    response: { description: "Every payment method of the shop, enabled or not, by position.", schema: paymentMethodList },
  },
  {
    operationId: "createPaymentMethod",
    method: "post",
    path: methods,
    summary: "Add one of the gateways as a payment method, placed last",
    description:
      derived +
      guarded +
      "A gateway the shop already has is 422 on `gateway`; an enabled gateway lacking its settings (CARDPROC: key and webhook secret; " +
      "BTC/LTC: the address) is 422 on `enabled`.",
    tag,
    auth: "seller",
    permission: "payments:write",
    reauth: "body",
    body: createPaymentMethodBody,
    response: { status: 201, description: "The payment method.", schema: paymentMethodView },
  },
  {
    operationId: "getPaymentMethod",
    method: "get",
    path: method,
    summary: "One payment method, its gateway's settings with secrets only as `*_set` flags",
    tag,
    auth: "seller",
    permission: "settings:read",
    response: { description: "The payment method.", schema: paymentMethodView },
  },
  {
    operationId: "updatePaymentMethod",
    method: "put",
    path: method,
    summary: "Change a payment method and its gateway's settings (fields not sent keep their value)",
    description: derived + guarded + "Enabling a gateway lacking its settings is 422 on `enabled`.",
    tag,
    auth: "seller",
    permission: "payments:write",
    reauth: "body",
    body: updatePaymentMethodBody,
    response: { description: "The updated payment method.", schema: paymentMethodView },
  },
  {
    operationId: "deletePaymentMethod",
    method: "delete",
    path: method,
    summary: "Remove a payment method; its gateway's settings stay on the shop",
    description: derived,
    tag,
    auth: "seller",
    permission: "payments:write",
    response: { description: "`Payment method deleted.`", schema: messageBody },
  },
  {
    operationId: "togglePaymentMethod",
    method: "post",
    path: `${method}/toggle`,
    summary: "Enable a disabled payment method or disable an enabled one",
    description: derived + "Enabling a gateway lacking its settings is 422 on `enabled`.",
    tag,
    auth: "seller",
    permission: "payments:write",
    response: { description: "The payment method.", schema: paymentMethodView },
    errors: ["Invalid"],
  },
  {
    operationId: "orderPaymentMethods",
    method: "put",
    path: `${methods}/order`,
    summary: "Set the order of the shop's payment methods",
    description: derived + "`paymentMethods` must name each of the shop's payment methods exactly once (else 422 on `paymentMethods`).",
    tag,
    auth: "seller",
    permission: "payments:write",
    body: orderPaymentMethodsBody,
    response: { description: "Every payment method of the shop, in the new order.", schema: paymentMethodList },
  },
];
