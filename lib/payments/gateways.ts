import { cardprocGateway } from "./cardproc";
import { bitcoinGateway, litecoinGateway } from "./crypto";
import { customerBalanceGateway } from "./balance-gateway";
import type { PaymentGateway } from "./gateway";
import { manualGateway } from "./manual";

/**
 * The gateways a checkout can use, by the code in a shop's
 * `valid_payment_methods`; CUSTOMERBALANCE needs no setting and is never one
 * of them (lib/payments/customer-balance.ts).
 */
export const GATEWAYS: Record<string, PaymentGateway> = Object.fromEntries(
  [cardprocGateway, bitcoinGateway, litecoinGateway, manualGateway, customerBalanceGateway].map((gateway) => [gateway.code, gateway]),
);

export const GATEWAY_CODES = Object.keys(GATEWAYS);

export function gatewayOf(code: string): PaymentGateway | null {
  return GATEWAYS[code.toUpperCase()] ?? null;
}
