import type { Money } from "../money";

/** What a gateway knows of the shop: the settings it pays into (secrets still encrypted). */
export type GatewayShop = {
  id: number;
  name: string;
  bitcoin_address: string | null;
  litecoin_address: string | null;
  cardproc_api_key: string | null;
};

export type GatewayInvoice = { id: number; unique_id: string; price: Money; currency: string; email: string };

/** What starting a payment leaves on the invoice. */
export type StartedPayment = {
  /** the gateway's own payment page */
  url: string | null;
  crypto_address?: string | null;
  crypto_amount?: string | null;
  cardproc_pi_id?: string | null;
};

export type PaymentKind = "card" | "crypto" | "manual" | "balance";

/**
 * One payment method of a checkout. `unavailable` says why this shop cannot
 * take it (a 422 on `gateway`), before anything is written; `start` runs
 * after the invoice has committed, outside any transaction, since it may
 * call the processor over the network.
 */
export interface PaymentGateway {
  code: string;
  /** What the buyer's page calls it when the shop's payment method has no `display_name`. */
  name: string;
  kind: PaymentKind;
  unavailable(shop: GatewayShop): string | null;
  start(shop: GatewayShop, invoice: GatewayInvoice): Promise<StartedPayment>;
  /** What the buyer's page tells the buyer to do while the invoice is pending. */
  note: string;
}

/** The processor could not be reached or refused the payment: the checkout answers 502 and the invoice is failed. */
export class GatewayError extends Error {}
