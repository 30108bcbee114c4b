import { moneyString } from "../money";
import type { GatewayShop, PaymentGateway } from "./gateway";

/**
 * BTC and LTC: the buyer sends the amount to the shop's address, and the
 * seller confirms the payment (the invoice's paid-amount and status routes).
 * There is no exchange-rate source yet, so the amount is the invoice total
 * in its own currency, which the buyer converts at the time of paying.
 */
function cryptoGateway(code: "BTC" | "LTC", coin: string, address: (shop: GatewayShop) => string | null): PaymentGateway {
  return {
    code,
    kind: "crypto",
    unavailable: (shop) => (address(shop) ? null : `The shop has no ${coin} address.`),
    start: async (shop, invoice) => ({
      url: null,
      crypto_address: address(shop),
      crypto_amount: `${moneyString(invoice.price)} ${invoice.currency}`,
    }),
    note: `Send the amount in ${coin} to the address below. The seller confirms the payment, and your keys appear here.`,
  };
}

export const bitcoinGateway = cryptoGateway("BTC", "Bitcoin", (shop) => shop.bitcoin_address);
export const litecoinGateway = cryptoGateway("LTC", "Litecoin", (shop) => shop.litecoin_address);
