import http from "node:http";

/**
 * Requests exactly as written: a path with malformed percent-encoding, a GET
 * with a body, bytes that are not UTF-8, any content type. Playwright's
 * request context normalises some of these, so hostile specs use node:http.
 */
/** `localAddress`: the address the request leaves from (another loopback address looks like another client). */
export type RawRequest = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string };
export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export function rawRequest(baseURL: string, { method, path, headers = {}, body, localAddress }: RawRequest): Promise<RawResponse> {
  const url = new URL(baseURL);
  // node:http sends a GET's body without a length unless told: the server would read it as the next request.
  if (body !== undefined) headers = { "content-length": String(Buffer.byteLength(body)), ...headers };
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        // a pooled socket keeps the address it was opened from
        agent: localAddress ? false : agent,
        localAddress,
        headers: { accept: "application/json", ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
export async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}
