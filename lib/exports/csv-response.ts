import { stringify } from "csv-stringify/sync";

/** Rows per database round trip: big enough to amortise it, small enough to keep memory flat. */
export const EXPORT_BATCH = 1000;

export type CsvCell = string | number | null;

/**
 * One batch after the row whose key is `after` (null: from the start), at
 * most `EXPORT_BATCH` rows, each with its keyset key for the next batch.
 */
export type FetchBatch<K> = (after: K | null) => Promise<{ key: K; cells: CsvCell[] }[]>;

const encoder = new TextEncoder();

/**
 * CSV of RFC 4180 (csv-stringify quotes what needs it, CRLF between
 * records) with formula injection defused: a cell starting with = + - @,
 * a tab or CR (or their full-width forms) gets a leading `'`, so a
 * spreadsheet shows it as text rather than running it. Numbers stay numbers.
 */
export function csvText(rows: CsvCell[][]): string {
  return stringify(rows, { escape_formulas: true, record_delimiter: "windows" });
}

/**
 * A streamed CSV attachment: the header, then keyset-paged batches pulled
 * one at a time as the client reads (the stream's `pull`), so memory holds
 * one batch whatever the number of rows, and a client that stops reading
 * stops the queries. A database error after the first byte can only end
 * the stream early (the status is already sent): it is logged and the
 * connection is aborted, so the client sees an incomplete download rather
 * than a file that looks whole.
 */
export function csvResponse<K>(filename: string, header: string[], fetchBatch: FetchBatch<K>): Response {
  let after: K | null = null;
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvText([header])));
        return;
      }
      try {
        const rows = await fetchBatch(after);
        if (rows.length) {
          after = rows[rows.length - 1]!.key;
          controller.enqueue(encoder.encode(csvText(rows.map((row) => row.cells))));
        }
        if (rows.length < EXPORT_BATCH) controller.close();
      } catch (error) {
        console.error(`CSV export ${filename} failed`, error);
        controller.error(error);
      }
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** `invoices-shop-1-20261124.csv`: what, whose and when, in characters every file system takes. */
export function exportFilename(what: string, shopId: number, now = new Date()): string {
  return `${what}-shop-${shopId}-${now.toISOString().slice(0, 10).replaceAll("-", "")}.csv`;
}
