import * as z from "../../validation/zod";
import { buyerInvoiceView, checkoutBody, checkoutView, chooseGatewayBody } from "../../checkout/schemas";
import { shopSettingsBody, shopSettingsView } from "../../shops/schemas";
import type { Operation } from "../operation";

/** What the processor posts: an event object; the route reads the raw body itself (the signature covers it). */
const cardprocEvent = z.looseObject({
  id: z.string().optional().describe("The event id (`evt_...`); each is applied once."),
  type: z.string().optional().describe("`payment_intent.succeeded`, `checkout.session.completed`, `charge.refunded`, `charge.dispute.*`."),
  data: z.looseObject({}).optional(),
});

const settings = { description: "The shop's gateway settings; secrets only as `*_set` flags.", schema: shopSettingsView };

export const checkoutOperations: Operation[] = [
  {
    operationId: "createCheckout",
    method: "post",
    path: "/v1/shops/{shopId}/checkout",
    summary: "Make a buyer's invoice from a cart and start its payment",
    description:
      "Called by the seller's backend with the seller key. Priced by the shop's quantity deals, bundle offers and the coupon; stock, " +
      "`quantity_min`/`quantity_max`, visibility, `on_hold` and required custom fields are 422 on the field (`cart.0.quantity`, " +
      "`custom_fields.<name>`); a blacklisted buyer is 422 on the field that matched with the message `This buyer cannot check out.`. " +
      "The invoice is `pending` (an abandoned checkout until paid). `invoice_url` is the hosted buyer page, `url` the card processor's page. " +
      "Without `gateway` the invoice has none (`url` null) and the buyer chooses one on the buyer page. `email` is required: an invoice " +
      "without one could deliver nothing. `discord_access_token`/`discord_refresh_token` are stored encrypted and never answered.",
    tag: "Checkout",
    auth: "seller",
    permission: "invoices:write",
    body: checkoutBody,
    response: { status: 201, description: "The invoice was made and its payment started.", schema: checkoutView },
    errors: ["GatewayUnavailable"],
  },
  {
    operationId: "getBuyerInvoice",
    method: "get",
    path: "/v1/buyer/invoices/{uniqueId}",
    summary: "The buyer's view of an invoice (public, by its unguessable unique_id)",
    description: "What was bought with each discount, how to pay, the status, and once completed the delivered items. No seller data.",
    tag: "Checkout",
    auth: "none",
    response: { description: "The buyer's invoice.", schema: buyerInvoiceView },
    errors: ["RecordNotFound"],
  },
  {
    operationId: "chooseBuyerInvoiceGateway",
    method: "post",
    path: "/v1/buyer/invoices/{uniqueId}/gateway",
    summary: "The buyer chooses the gateway of an invoice made without one (public, by its unguessable unique_id)",
    description:
      "Once, on a pending invoice whose checkout named no gateway; otherwise 422 on `status`. The gateway must be one of the invoice's " +
      "`payment.choices` (the checkout's rules: an enabled payment method with its settings, allowed by every product, the total within " +
      "its bounds), else 422 on `gateway`; store credit is never one. The payment starts as the checkout's does (card processor: " +
      "`payment.url`; crypto: the quote). Limited per client address (429).",
    tag: "Checkout",
    auth: "none",
    body: chooseGatewayBody,
    response: { description: "The buyer's invoice with its payment instructions.", schema: buyerInvoiceView },
    errors: ["RecordNotFound", "TooManyAttempts", "GatewayUnavailable"],
  },
  {
    operationId: "getShopSettings",
    method: "get",
    path: "/v1/shops/{shopId}/settings",
    summary: "The shop's gateway settings",
    tag: "Payments",
    auth: "seller",
    permission: "settings:read",
    response: settings,
  },
  {
    operationId: "updateShopSettings",
    method: "put",
    path: "/v1/shops/{shopId}/settings",
    summary: "Set the gateways a checkout may use and what they pay into (beyond the spec, which has no shop update)",
    description:
      "Every field optional; null or an empty string clears it. An enabled gateway needs its settings (CARDPROC: key and webhook secret; " +
      "BTC/LTC: the address), else 422 on `valid_payment_methods`. The processor's key and secret are encrypted at rest and never answered.",
    tag: "Payments",
    auth: "seller",
    permission: "payments:write",
    reauth: "body",
    body: shopSettingsBody,
    response: settings,
  },
  {
    operationId: "receiveCardprocWebhook",
    method: "post",
    path: "/v1/payments/cardproc/{shopId}/webhook",
    summary: "The card processor's signed events for a shop",
    description:
      "No Bearer key: `Stripe-Signature` (the processor's scheme, checked by its package with the shop's webhook secret, at most 300 s old) " +
      "proves the raw body. A succeeded payment completes its invoice once; a refund marks it refunded; a dispute records its state and " +
      "notifies the seller. A replayed event id changes nothing (`duplicate: true`). Refusals are plain text.",
    tag: "Payments",
    auth: "signature",
    headers: [{ name: "Stripe-Signature", required: true, description: "`t=<unix time>,v1=<HMAC-SHA256 of t.body>`." }],
    body: cardprocEvent,
    response: {
      description: "The event was handled (or had been).",
      schema: z.object({ received: z.literal(true), duplicate: z.boolean(), applied: z.string() }).meta({ id: "CardprocWebhookReceipt" }),
    },
    errors: [
      { status: 400, description: "`Missing signature.`, `Invalid signature.` or `Request expired.`" },
      { status: 404, description: "`Unknown webhook.`: no such shop, or it has no webhook secret." },
      { status: 413, description: "The body is over 1 MiB." },
    ],
  },
];
