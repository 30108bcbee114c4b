import { env } from "../env";
import { Decimal, type Money } from "../money";
import { sendOutbound } from "../outbound/request";
import * as z from "../validation/zod";

/**
 * BTC and LTC exchange rates from CRYPTO_RATES_URL, an endpoint in the shape
 * of CoinGecko's simple price:
 * `GET ?ids=bitcoin,litecoin&vs_currencies=usd,eur` answers
 * `{"bitcoin":{"usd":67012.5,"eur":61990.1},"litecoin":{...}}`.
 * The source is someone else's server: slow, down or wrong at times. Every
 * failure is an answer here (never a throw), and the buyer's page says so.
 */

export type Coin = "BTC" | "LTC";

const COIN_IDS: Record<Coin, string> = { BTC: "bitcoin", LTC: "litecoin" };
/** Always asked, so one cached answer serves most invoices; an invoice in another currency adds its own. */
const COMMON_CURRENCIES = ["usd", "eur"];
/** A few coins in a few currencies fit in far less; a longer answer is not a rates answer. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Below this a rate is not a coin's price (a source answering in the wrong unit), and the quote would be absurd. */
const MIN_RATE = new Decimal("0.00000001");

const rate = z.number().positive().finite();
const ratesAnswer = z.record(z.string(), z.record(z.string(), rate));
type Rates = z.output<typeof ratesAnswer>;

export type RateResult =
  | { ok: true; rate: Money }
  /** `unavailable`: the source failed (try again later); `unsupported`: it answered but has no rate for this currency. */
  | { ok: false; reason: "unavailable" | "unsupported" };

type Cached = { rates: Rates; expiresAt: number };
/** A cache, not state: each process fetches its own, and nothing depends on two processes agreeing. */
const cache = new Map<string, Cached>();
/** Page loads that arrive while a request is out share it. */
const inFlight = new Map<string, Promise<Rates | null>>();

/** The rate of one coin in `currency` (an ISO 4217 code): that currency per coin. */
export async function coinRate(coin: Coin, currency: string): Promise<RateResult> {
  const code = currency.toLowerCase();
  const currencies = COMMON_CURRENCIES.includes(code) ? COMMON_CURRENCIES : [...COMMON_CURRENCIES, code];
  const rates = await ratesFor(currencies);
  if (!rates) return { ok: false, reason: "unavailable" };
  const value = rates[COIN_IDS[coin]]?.[code];
  if (value === undefined) return { ok: false, reason: "unsupported" };
  // Decimal parses the number's shortest round-trip spelling, the digits the source sent.
  const parsed = new Decimal(value).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  return parsed.gte(MIN_RATE) ? { ok: true, rate: parsed } : { ok: false, reason: "unsupported" };
}

async function ratesFor(currencies: string[]): Promise<Rates | null> {
  const key = currencies.join(",");
  const cached = cache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.rates;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchRates(currencies).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function fetchRates(currencies: string[]): Promise<Rates | null> {
  const url = new URL(env().CRYPTO_RATES_URL);
  url.searchParams.set("ids", Object.values(COIN_IDS).join(","));
  url.searchParams.set("vs_currencies", currencies.join(","));
  const result = await sendOutbound({
    url: url.href,
    method: "GET",
    headers: { Accept: "application/json" },
    timeoutMs: env().CRYPTO_RATES_TIMEOUT_MS,
    maxResponseBytes: MAX_ANSWER_BYTES,
  });
  if (result.outcome === "refused") return logged(`refused: ${result.reason}`);
  if (result.outcome === "failed") return logged(result.error);
  if (result.status !== 200) return logged(`HTTP ${result.status}`);
  let parsed;
  try {
    parsed = ratesAnswer.safeParse(JSON.parse(result.body));
  } catch {
    return logged("the answer is not JSON");
  }
  if (!parsed.success) return logged(`the answer is not in the expected shape: ${z.prettifyError(parsed.error).slice(0, 300)}`);
  const ttl = env().CRYPTO_RATES_CACHE_SECONDS * 1000;
  if (ttl > 0) cache.set(currencies.join(","), { rates: parsed.data, expiresAt: Date.now() + ttl });
  return parsed.data;
}

function logged(reason: string): null {
  console.error(`crypto rates: ${env().CRYPTO_RATES_URL} failed: ${reason}`);
  return null;
}
