import Stripe from "stripe";
import { env } from "../env";

/**
 * The card processor (the spec's `cardproc`: a PaymentIntent id on the
 * invoice, an API key and a webhook secret on the shop) is Stripe, used
 * through its official package. CARDPROC_API_BASE points the package at
 * another host (its `host`, `port` and `protocol` settings): the tests' local
 * stand-in of the API, since the processor cannot be reached from here.
 */
export function cardprocClient(apiKey: string): Stripe {
  const base = env().CARDPROC_API_BASE;
  const target = base ? new URL(base) : null;
  return new Stripe(apiKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === "https:" ? 443 : 80),
      protocol: target.protocol === "https:" ? "https" : "http",
    }),
  });
}

/** Webhook verification needs no key: the package's own signature check and test-header helper. */
export const cardprocWebhooks = Stripe.webhooks;

/** Seconds a signed event stays acceptable (the package's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type CardprocEvent = Stripe.Event;
