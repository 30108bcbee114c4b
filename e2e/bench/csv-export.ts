import http from "node:http";
import { memoryOf } from "./measure";

export type CsvExportRun = { rows: number; bytes: number; seconds: number; rowsPerSecond: number; peakRssMb: number; status: number };

/**
 * The invoice CSV export of the whole bench shop, read as a client reads a
 * download (one stream, no buffering of the body), timing rows per second
 * and sampling the server's RSS every 200 ms: a streamed, keyset-paged
 * export keeps it flat however many invoices there are.
 */
export async function benchCsvExport(baseUrl: string, apiKey: string, shopId: number, serverPid: number): Promise<CsvExportRun> {
  let peakRssMb = 0;
  const sampler = setInterval(async () => {
    peakRssMb = Math.max(peakRssMb, (await memoryOf(serverPid).catch(() => ({ rssMb: 0 }))).rssMb);
  }, 200);
  const started = performance.now();
  try {
    const { status, newlines, bytes } = await new Promise<{ status: number; newlines: number; bytes: number }>((resolve, reject) => {
      const request = http.get(
        `${baseUrl}/v1/shops/${shopId}/invoices/export`,
        { headers: { authorization: `Bearer ${apiKey}` } },
        (response) => {
          let newlines = 0;
          let bytes = 0;
          response.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, newlines, bytes }));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
    });
    const seconds = (performance.now() - started) / 1000;
    // the bench's invoices have one item and no line breaks in their cells: one line per row after the header
    const rows = Math.max(0, newlines - 1);
    return { rows, bytes, seconds, rowsPerSecond: rows / seconds, peakRssMb, status };
  } finally {
    clearInterval(sampler);
  }
}
