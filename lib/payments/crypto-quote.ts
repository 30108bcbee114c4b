import type { Db } from "../db";
import { env } from "../env";
import { coinAmount, type Money } from "../money";
import { coinRate, type Coin } from "./rates";

/**
 * The amount in BTC/LTC a pending invoice asks for, fixed for a window
 * (CRYPTO_QUOTE_MINUTES) so the buyer's wallet and the page agree while the
 * buyer pays. Made lazily, when the buyer's page asks and the invoice has no
 * live quote (none yet, or lapsed); the checkout knows nothing of it.
 */

export type QuotedInvoice = {
  id: number;
  status: string;
  price: Money;
  currency: string;
  crypto_coin_amount: Money | null;
  crypto_rate: Money | null;
  crypto_quote_expires_at: Date | null;
};

export type CryptoQuote = { coin_amount: Money; rate: Money; expires_at: Date };

export type QuoteResult =
  | { ok: true; quote: CryptoQuote }
  /** `unavailable`: no rate now; `unsupported`: no rate for the invoice currency; `changed`: the invoice stopped being pending meanwhile. */
  | { ok: false; reason: "unavailable" | "unsupported" | "changed" };

/** The invoice's quote if it still holds at `now`. */
export function liveQuote(invoice: QuotedInvoice, now: Date): CryptoQuote | null {
  const { crypto_coin_amount, crypto_rate, crypto_quote_expires_at } = invoice;
  if (crypto_coin_amount === null || crypto_rate === null || crypto_quote_expires_at === null) return null;
  return crypto_quote_expires_at > now ? { coin_amount: crypto_coin_amount, rate: crypto_rate, expires_at: crypto_quote_expires_at } : null;
}

/**
 * The live quote of a pending invoice, made when there is none. The rate is
 * fetched before anything is written (no lock is held across the network);
 * the quote is then written by one conditional update that only succeeds
 * while the invoice is pending and has no live quote, so of two page loads
 * racing, one writes and the other reads back and shows that same quote.
 */
export async function currentQuote(db: Db, invoice: QuotedInvoice, coin: Coin, now = new Date()): Promise<QuoteResult> {
  const live = liveQuote(invoice, now);
  if (live) return { ok: true, quote: live };
  const rate = await coinRate(coin, invoice.currency);
  if (!rate.ok) return rate;
  const quote: CryptoQuote = {
    coin_amount: coinAmount(invoice.price, rate.rate),
    rate: rate.rate,
    expires_at: new Date(now.getTime() + env().CRYPTO_QUOTE_MINUTES * 60_000),
  };
  const { count } = await db.invoice.updateMany({
    where: { id: invoice.id, status: "pending", OR: [{ crypto_quote_expires_at: null }, { crypto_quote_expires_at: { lte: now } }] },
    data: { crypto_coin_amount: quote.coin_amount, crypto_rate: quote.rate, crypto_quote_expires_at: quote.expires_at },
  });
  if (count === 1) return { ok: true, quote };
  const current = await db.invoice.findUnique({
    where: { id: invoice.id },
    select: {
      id: true,
      status: true,
      price: true,
      currency: true,
      crypto_coin_amount: true,
      crypto_rate: true,
      crypto_quote_expires_at: true,
    },
  });
  const theirs = current?.status === "pending" ? liveQuote(current, now) : null;
  return theirs ? { ok: true, quote: theirs } : { ok: false, reason: "changed" };
}
