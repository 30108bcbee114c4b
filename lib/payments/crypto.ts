import { moneyString } from "../money";
import type { GatewayShop, PaymentGateway } from "./gateway";
import type { Coin } from "./rates";

/** What the buyer's page needs to name a coin and build its payment URI (BIP 21; Litecoin's wallets read the same form). */
export const COINS: Record<Coin, { name: string; scheme: string }> = {
  BTC: { name: "Bitcoin", scheme: "bitcoin" },
  LTC: { name: "Litecoin", scheme: "litecoin" },
};

export function isCoin(code: string): code is Coin {
  return Object.hasOwn(COINS, code);
}

/** `bitcoin:ADDRESS?amount=0.00059661`: what a wallet opens, and what the QR code holds. */
export function paymentUri(coin: Coin, address: string, coinAmount: string): string {
  return `${COINS[coin].scheme}:${encodeURIComponent(address)}?amount=${coinAmount}`;
}

/**
 * BTC and LTC: the buyer sends the amount to the shop's address, and the
 * seller confirms the payment (the invoice's paid-amount and status routes).
 * The checkout writes the total in the invoice's own currency; the amount in
 * the coin is quoted on the buyer's page (./crypto-quote.ts).
 */
function cryptoGateway(code: "BTC" | "LTC", coin: string, address: (shop: GatewayShop) => string | null): PaymentGateway {
  return {
    code,
    name: coin,
    kind: "crypto",
    unavailable: (shop) => (address(shop) ? null : `The shop has no ${coin} address.`),
    start: async (shop, invoice) => ({
      url: null,
      crypto_address: address(shop),
      crypto_amount: `${moneyString(invoice.price)} ${invoice.currency}`,
    }),
    note: `Send the amount in ${coin} to the address below while the quote holds. The seller confirms the payment, and your keys appear here.`,
  };
}

export const bitcoinGateway = cryptoGateway("BTC", "Bitcoin", (shop) => shop.bitcoin_address);
export const litecoinGateway = cryptoGateway("LTC", "Litecoin", (shop) => shop.litecoin_address);
