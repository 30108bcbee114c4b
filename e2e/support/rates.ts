import type { IncomingMessage, ServerResponse } from "node:http";
import { expect } from "@playwright/test";
import { startListener, type Listener } from "./outbound";

/**
 * A local stand-in of the exchange-rate source (CoinGecko's simple price),
 * where the server's CRYPTO_RATES_URL points (e2e/scripts/test.sh): the real
 * one cannot be reached from these machines. It answers like CoinGecko: only
 * the `ids` and `vs_currencies` asked for, and only those it knows.
 *
 * There is one port for the whole run and two specs need it, in different
 * workers (the API spec and the buyer's page in the browser). Holding the
 * port is the lock: a spec that finds it taken waits until the other closes
 * it, so no spec ever sees the other's rates.
 */

export type Rates = Record<string, Record<string, number>>;
type Respond = (request: IncomingMessage, response: ServerResponse) => void;

export type RatesStandIn = Listener & {
  /** How it answers from now on: these rates, or anything else (a failure, garbage, silence). */
  answer: (respond: Respond | Rates) => void;
};

export const STANDIN_RATES: Rates = {
  bitcoin: { usd: 67012.5, eur: 61990.1 },
  litecoin: { usd: 84.37, eur: 71.23 },
};

const RATES_PORT = Number(process.env.TEST_RATES_PORT);

/** Answers with `rates` as CoinGecko would: the asked ids, each with the asked currencies it has. */
export function answerRates(rates: Rates): Respond {
  return (request, response) => {
    const query = new URL(request.url!, "http://stand-in").searchParams;
    const currencies = (query.get("vs_currencies") ?? "").split(",");
    const answer: Rates = {};
    for (const id of (query.get("ids") ?? "").split(",")) {
      const known = rates[id];
      if (known) answer[id] = Object.fromEntries(currencies.filter((code) => code in known).map((code) => [code, known[code]!]));
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  };
}

export async function holdRatesStandIn(initial: Rates = STANDIN_RATES, waitMs = 120_000): Promise<RatesStandIn> {
  expect(RATES_PORT, "TEST_RATES_PORT is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  let respond = answerRates(initial);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const listener = await startListener((request, response) => respond(request, response), RATES_PORT);
      return { ...listener, answer: (next) => (respond = typeof next === "function" ? next : answerRates(next)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
