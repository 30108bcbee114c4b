import http from "node:http";

export type Measurement = { requests: number; errors: number; seconds: number; p50: number; p99: number; rps: number };

function summarize(latencies: number[], errors: number, seconds: number): Measurement {
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
  return { requests: sorted.length, errors, seconds, p50: at(0.5), p99: at(0.99), rps: sorted.length / seconds };
}

/** Runs `clients` loops of `task` for `seconds`; each loop waits for its previous call (closed-loop load). */
export async function closedLoop(clients: number, seconds: number, task: () => Promise<boolean>): Promise<Measurement> {
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
  return summarize(latencies, errors, (performance.now() - started) / 1000);
}

/**
 * A keep-alive HTTP client, as a load balancer or an API client holds its
 * connections. Resolves with the status code; the body is read and dropped.
 */
export function httpClient(baseUrl: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const base = new URL(baseUrl);
  return (method: "GET" | "POST" | "PUT", path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<number>((resolve, reject) => {
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
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end(payload);
    });
}

/** GETs as the seller: true when the answer is 200. */
export function httpGetter(baseUrl: string, apiKey: string, maxSockets: number) {
  const send = httpClient(baseUrl, maxSockets);
  return async (path: string) => (await send("GET", path, { authorization: `Bearer ${apiKey}` })) === 200;
}

/** The server's resident memory now and at its peak, from /proc (Linux). */
export async function memoryOf(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}
