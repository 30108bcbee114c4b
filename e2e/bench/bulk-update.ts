import type { Sql } from "../../lib/db/sql";
import { BENCH_SHOP_ID } from "./load";
import { httpClient } from "./measure";

export const BULK_PRODUCTS = 1000;
const RUNS = 10;

/**
 * Makes BULK_PRODUCTS private products in the bench shop (copies of its
 * first product, each with its own path; private, so the storefront cells
 * never see them) and a statement-level trigger that records each UPDATE of
 * `products` with the number of rows it changed. The statement count is
 * then read from the database itself, whichever server process ran it.
 * Run before the server starts (PGlite is one process's database).
 */
export async function prepareBulkUpdate(sql: Sql): Promise<number[]> {
  const columns = (
    await sql.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'products' AND is_generated = 'NEVER'
          AND column_name NOT IN ('id', 'name', 'path', 'visibility', 'group_id')`,
    )
  ).map((row) => `"${row.column_name}"`);
  const rows = await sql.query<{ id: number }>(
    `INSERT INTO products (name, path, visibility, group_id, ${columns.join(", ")})
     SELECT name || ' (bulk ' || g || ')', 'bulk-' || g || '-' || path, 'private', NULL, ${columns.join(", ")}
       FROM products CROSS JOIN generate_series(1, ${BULK_PRODUCTS}) g
      WHERE id = (SELECT min(id) FROM products WHERE shop_id = $1 AND deleted_at IS NULL)
     RETURNING id`,
    [BENCH_SHOP_ID],
  );
  await sql.exec(`
    CREATE TABLE bench_product_updates (at timestamptz NOT NULL DEFAULT clock_timestamp(), rows int NOT NULL);
    CREATE FUNCTION bench_count_product_updates() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO bench_product_updates (rows) SELECT count(*) FROM changed;
      RETURN NULL;
    END $$;
    CREATE TRIGGER bench_count_product_updates AFTER UPDATE ON products
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bench_count_product_updates();`);
  return rows.map((row) => row.id);
}

/**
 * RUNS bulk updates of every one of `ids` over HTTP (`security`, block_vpn
 * switched each time, so every run changes every row), one after another:
 * their latency. The statement counts are read after the server stops
 * (bulkUpdateStatements), from the window these requests ran in.
 */
export async function benchBulkUpdate(baseUrl: string, apiKey: string, ids: number[]) {
  const request = httpClient(baseUrl, 1);
  const started = new Date();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const before = performance.now();
    const status = await request(
      "PUT",
      `/v1/shops/${BENCH_SHOP_ID}/products/bulk-update/security`,
      { authorization: `Bearer ${apiKey}` },
      { product_ids: ids, block_vpn: run % 2 === 0 },
    );
    times.push(performance.now() - before);
    if (status !== 200) throw new Error(`bulk update answered ${status}`);
  }
  times.sort((a, b) => a - b);
  return { started, finished: new Date(), products: ids.length, runs: RUNS, p50Ms: times[Math.floor(RUNS / 2)]!, maxMs: times.at(-1)! };
}

/** The UPDATE statements on products the database recorded between the two instants. */
export async function bulkUpdateStatements(sql: Sql, window: { started: Date; finished: Date }): Promise<{ rows: number }[]> {
  return sql.query<{ rows: number }>(`SELECT rows FROM bench_product_updates WHERE at BETWEEN $1 AND $2 ORDER BY at`, [
    window.started.toISOString(),
    window.finished.toISOString(),
  ]);
}
