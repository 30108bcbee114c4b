import http from "node:http";

export type Measurement = { requests: number; errors: number; seconds: number; p50: number; p99: number; rps: number };

export function summarize(latencies: number[], errors: number, seconds: number): Measurement {
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
  return { requests: sorted.length, errors, seconds, p50: at(0.5), p99: at(0.99), rps: sorted.length / seconds };
}

/** Runs `clients` loops of `task` for `seconds`; each loop waits for its previous call (closed-loop load). */
export async function closedLoop(clients: number, seconds: number, task: () => Promise<boolean>): Promise<Measurement> {
  const { latencies, errors, seconds: elapsed } = await closedLoopSamples(clients, seconds, task);
  return summarize(latencies, errors, elapsed);
}

/** Measurements of one kind taken in several spans, as one. */
export function merged(...spans: Samples[]): Measurement {
  return summarize(
    spans.flatMap((span) => span.latencies),
    spans.reduce((sum, span) => sum + span.errors, 0),
    spans.reduce((sum, span) => sum + span.seconds, 0),
  );
}

export type Samples = { latencies: number[]; errors: number; seconds: number };

/** `closedLoop`'s raw samples: the latency of each answered call, the failures and the span's length. */
export async function closedLoopSamples(clients: number, seconds: number, task: () => Promise<boolean>): Promise<Samples> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await task().catch(() => false);
        if (ok) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

export type Exchange = { status: number; headers: http.IncomingHttpHeaders };

/**
 * A keep-alive HTTP client, as a load balancer or an API client holds its
 * connections. Resolves with the status code and the headers; the body is
 * read and dropped.
 */
export function httpExchanger(baseUrl: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const base = new URL(baseUrl);
  return (method: "GET" | "POST" | "PUT", path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<Exchange>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        {
          host: base.hostname,
          port: base.port,
          path,
          method,
          agent,
          headers: { accept: "application/json", ...(payload ? { "content-type": "application/json" } : {}), ...headers },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
        },
      );
      request.on("error", reject);
      request.end(payload);
    });
}

/** The same client resolving with the status code only. */
export function httpClient(baseUrl: string, maxSockets: number) {
  const exchange = httpExchanger(baseUrl, maxSockets);
  return async (method: "GET" | "POST" | "PUT", path: string, headers: Record<string, string>, body?: unknown) =>
    (await exchange(method, path, headers, body)).status;
}

/** GETs as the seller: true when the answer is 200. */
export function httpGetter(baseUrl: string, apiKey: string, maxSockets: number) {
  const send = httpClient(baseUrl, maxSockets);
  return async (path: string) => (await send("GET", path, { authorization: `Bearer ${apiKey}` })) === 200;
}

/** The pids of a process and all its descendants (the npm/tsx wrappers, the cluster's workers), from /proc (Linux). */
async function processTree(pid: number): Promise<number[]> {
  const { readdir, readFile } = await import("node:fs/promises");
  const parents = new Map<number, number[]>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // the command name may hold spaces and parentheses: the parent pid is the 2nd field after the last ")"
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (!parents.has(ppid)) parents.set(ppid, []);
    parents.get(ppid)!.push(Number(entry));
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/**
 * The server's resident memory now and at its peak, summed over its process
 * tree (what the start command costs the machine): the peak is the sum of
 * each process's own high-water mark, an upper bound.
 */
export async function memoryOf(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const { readFile } = await import("node:fs/promises");
  let rss = 0;
  let peak = 0;
  for (const one of await processTree(pid)) {
    const status = await readFile(`/proc/${one}/status`, "utf8").catch(() => "");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    rss += kb("VmRSS");
    peak += kb("VmHWM");
  }
  return { rssMb: rss / 1024, peakMb: peak / 1024 };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on Linux unless getconf says otherwise. */
let ticksPerSecond: number | undefined;
async function clockTicks(): Promise<number> {
  if (ticksPerSecond === undefined) {
    const { execFileSync } = await import("node:child_process");
    let ticks = 100;
    try {
      ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      // no getconf: Linux's USER_HZ is 100 on every common build
    }
    ticksPerSecond = ticks;
  }
  return ticksPerSecond;
}

/**
 * CPU time (user + system, in ms) the server's process tree has used since
 * it started, from /proc (Linux). The difference over a cell divided by its
 * requests is the server's CPU per request; /proc counts in clock ticks
 * (10 ms), so a cell needs a few hundred ms of CPU to be read to ~1%.
 */
export async function cpuMsOf(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const ticks = await clockTicks();
  let total = 0;
  for (const one of await processTree(pid)) {
    const stat = await readFile(`/proc/${one}/stat`, "utf8").catch(() => "");
    if (!stat) continue;
    // after the last ")": state is field 3; utime and stime are fields 14 and 15
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    total += Number(fields[11]) + Number(fields[12]);
  }
  return (total / ticks) * 1000;
}
