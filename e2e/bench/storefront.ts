import { BENCH_SHOP_ID } from "./load";
import { closedLoop, cpuMsOf, httpExchanger, memoryOf, summarize, type Exchange, type Measurement } from "./measure";

/** The demo shop (BENCH_SHOP_ID) and its product the brief names. */
export const STOREFRONT_SUBDOMAIN = "pixelkeys";
const PRODUCT_NAME = "Steam Game Key";

/** One storefront cell (health measured beside them included): the load, the server's CPU per answer and how many answers Next's page cache served. */
export type StorefrontCell = { cell: string; path: string; clients: number; api: Measurement; cpuMsPerRequest: number; cacheHits: number };
export type StorefrontMisses = {
  pages: number;
  /** answers that were not a page-cache hit: every one should be */
  rendered: number;
  latency: Measurement;
  /** server CPU per first render, the idle rate of the same span taken off */
  cpuMsPerMiss: number;
  idleCpuMsPerSecond: number;
};
export type StorefrontRun = { home: string; product: string; pages: StorefrontCell[]; misses: StorefrontMisses; peakRssMb: number };

const cacheHit = (exchange: Exchange) => exchange.headers["x-nextjs-cache"] === "HIT";

type ProductRow = {
  id: number;
  name: string;
  path: string;
  description: string;
  images: { id: number }[];
  custom_fields: { id: number }[];
  variants: { name: string; description: string | null; price: string }[];
};

async function api<T>(baseUrl: string, apiKey: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Pages whose first render the miss cell measures, made before any page is
 * warmed: copies of the demo's Steam product (its description, images,
 * custom fields and variants; a service, so always in stock), unlisted so
 * the home page keeps the demo's catalog. A first render of one is what a
 * product page costs after an edit expires it.
 */
export async function prepareStorefront(baseUrl: string, apiKey: string, missPages: number) {
  const list = await api<{ data: ProductRow[] }>(
    baseUrl,
    apiKey,
    "GET",
    `/v1/shops/${BENCH_SHOP_ID}/products?perPage=100&visibilities=public`,
  );
  const source = list.data.find((product) => product.name === PRODUCT_NAME);
  if (!source) throw new Error(`the demo shop has no ${PRODUCT_NAME}: seed first`);
  const copies: string[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < missPages; i++) {
    const copy = await api<{ path: string }>(baseUrl, apiKey, "POST", `/v1/shops/${BENCH_SHOP_ID}/products`, {
      name: `${source.name} ${stamp}-${i}`,
      description: source.description,
      visibility: "unlisted",
      deliverables_type: "service",
      image_ids: source.images.map((image) => image.id),
      custom_field_ids: source.custom_fields.map((field) => field.id),
      variants: source.variants.map((variant) => ({ name: variant.name, description: variant.description, price: variant.price })),
    });
    copies.push(`/s/${STOREFRONT_SUBDOMAIN}/product/${encodeURIComponent(copy.path)}`);
  }
  return { home: `/s/${STOREFRONT_SUBDOMAIN}`, product: `/s/${STOREFRONT_SUBDOMAIN}/product/${encodeURIComponent(source.path)}`, copies };
}

/** Loads a page until the page cache answers it (the first load renders and stores it); false if it never does. */
async function warm(get: (path: string) => Promise<Exchange>, path: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await get(path);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    if (cacheHit(answer)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * The storefront's cached pages under load (home and a product page, warmed
 * first) each right after GET /v1/health at the same client count, with the
 * server's CPU per answer; then the first render of
 * `copies` product pages one at a time, as server CPU per render.
 */
export async function benchStorefront(
  baseUrl: string,
  serverPid: number,
  pages: Awaited<ReturnType<typeof prepareStorefront>>,
  clientCounts: number[],
  seconds: number,
  log: (line: string) => void,
): Promise<StorefrontRun> {
  const exchange = httpExchanger(baseUrl, Math.max(...clientCounts));
  const get = (path: string) => exchange("GET", path, { accept: "text/html" });
  let peakRssMb = 0;
  const sampler = setInterval(async () => {
    const { rssMb } = await memoryOf(serverPid).catch(() => ({ rssMb: 0 }));
    peakRssMb = Math.max(peakRssMb, rssMb);
  }, 200);
  try {
    const cells: StorefrontCell[] = [];
    const targets = [
      // health again, right before the pages: on a shared machine the ratio holds only for cells taken side by side
      { cell: "health", path: "/v1/health" },
      { cell: "home", path: pages.home },
      { cell: "product page", path: pages.product },
    ];
    for (const { cell, path } of targets.slice(1)) {
      // measured all the same when it is not cached: the cache-hit column shows it
      if (!(await warm(get, path))) log(`  storefront ${cell}: ${path} is never a page-cache hit (no x-nextjs-cache: HIT)`);
    }
    for (const clients of clientCounts) {
      for (const { cell, path } of targets) {
        await closedLoop(clients, 1, async () => (await get(path)).status === 200);
        let cacheHits = 0;
        const cpuBefore = await cpuMsOf(serverPid);
        const measured = await closedLoop(clients, seconds, async () => {
          const answer = await get(path);
          if (cacheHit(answer)) cacheHits++;
          return answer.status === 200;
        });
        const cpuMs = (await cpuMsOf(serverPid)) - cpuBefore;
        const cpuMsPerRequest = cpuMs / (measured.requests + measured.errors);
        cells.push({ cell, path, clients, api: measured, cpuMsPerRequest, cacheHits });
        log(
          `  storefront ${cell} @${clients}: ${measured.rps.toFixed(0)} req/s, p99 ${measured.p99.toFixed(1)} ms, ${cpuMsPerRequest.toFixed(2)} ms CPU each, ${cacheHits}/${measured.requests} cache hits`,
        );
      }
    }

    // the server's own background (workers polling) over an idle span, taken off the misses' CPU
    const idleSeconds = 3;
    const idleBefore = await cpuMsOf(serverPid);
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const idleCpuMsPerSecond = ((await cpuMsOf(serverPid)) - idleBefore) / idleSeconds;
    let rendered = 0;
    let errors = 0;
    const latencies: number[] = [];
    const cpuBefore = await cpuMsOf(serverPid);
    const started = performance.now();
    for (const path of pages.copies) {
      const t0 = performance.now();
      const answer = await get(path);
      if (answer.status !== 200) errors++;
      else latencies.push(performance.now() - t0);
      if (!cacheHit(answer)) rendered++;
    }
    const elapsedSeconds = (performance.now() - started) / 1000;
    const cpuMs = (await cpuMsOf(serverPid)) - cpuBefore - idleCpuMsPerSecond * elapsedSeconds;
    const latency = summarize(latencies, errors, elapsedSeconds);
    const misses: StorefrontMisses = {
      pages: pages.copies.length,
      rendered,
      latency,
      cpuMsPerMiss: cpuMs / pages.copies.length,
      idleCpuMsPerSecond,
    };
    log(
      `  storefront first renders: ${rendered}/${pages.copies.length} rendered, p50 ${latency.p50.toFixed(1)} ms, ${misses.cpuMsPerMiss.toFixed(1)} ms CPU each (idle ${idleCpuMsPerSecond.toFixed(1)} ms/s taken off)`,
    );
    return { home: pages.home, product: pages.product, pages: cells, misses, peakRssMb };
  } finally {
    clearInterval(sampler);
  }
}
