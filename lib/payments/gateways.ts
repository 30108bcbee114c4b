import { cardprocGateway } from "./cardproc";
import { bitcoinGateway, litecoinGateway } from "./crypto";
import type { PaymentGateway } from "./gateway";
import { manualGateway } from "./manual";

/** The gateways a checkout can use, by the code in a shop's `valid_payment_methods`. */
export const GATEWAYS: Record<string, PaymentGateway> = Object.fromEntries(
  [cardprocGateway, bitcoinGateway, litecoinGateway, manualGateway].map((gateway) => [gateway.code, gateway]),
);

export const GATEWAY_CODES = Object.keys(GATEWAYS);

export function gatewayOf(code: string): PaymentGateway | null {
  return GATEWAYS[code.toUpperCase()] ?? null;
}
