import type { Sql } from "../../lib/db/sql";
import { RECOMPUTE_INVOICE_STATUS_COUNTS } from "../../lib/invoices/status-counts";

export const BENCH_SHOP_ID = 1;
/** Emails repeat every this many invoices: `customer4242@` matches count / CUSTOMERS rows. */
export const CUSTOMERS = 50_000;
/** Invoice n was created n * SPACING_SECONDS before the load: 1M invoices span ~290 days. */
export const SPACING_SECONDS = 25;
const CHUNK = 100_000;

/**
 * Loads `count` invoices (with one item each, and CUSTOMERS customers) into
 * the demo shop in bulk SQL. The status-counter and analytics triggers and
 * the trigram index are set aside during the load and rebuilt after it, as
 * one would for any bulk import.
 */
export async function loadInvoices(sql: Sql, count: number, log: (line: string) => void) {
  const [variant] = await sql.query<{ id: number; product_id: number; name: string; product_name: string }>(
    `SELECT v.id, v.product_id, v.name, p.name AS product_name FROM variants v JOIN products p ON p.id = v.product_id
     WHERE v.shop_id = $1 ORDER BY v.id LIMIT 1`,
    [BENCH_SHOP_ID],
  );
  if (!variant) throw new Error("the demo shop has no variant: seed first");
  const [trgm] = await sql.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'invoices_email_trgm_idx'`);
  const [{ max: before }] = (await sql.query<{ max: number | null }>(`SELECT max(id) AS max FROM invoices`)) as [{ max: number | null }];

  await sql.exec(`
    INSERT INTO customers (shop_id, email)
    SELECT ${BENCH_SHOP_ID}, 'customer' || k || '@example' || (k % 5) || '.com' FROM generate_series(0, ${CUSTOMERS - 1}) k
    ON CONFLICT DO NOTHING`);
  await sql.exec(`ALTER TABLE invoices DISABLE TRIGGER USER`);
  await sql.exec(`ALTER TABLE invoice_items DISABLE TRIGGER USER`);
  if (trgm) await sql.exec(`DROP INDEX invoices_email_trgm_idx`);
  try {
    for (let start = 1; start <= count; start += CHUNK) {
      const end = Math.min(count, start + CHUNK - 1);
      await sql.exec(`
        INSERT INTO invoices (shop_id, unique_id, status, product_id, variant_id, price, currency, price_usd, price_eur,
          paid, paid_usd, gateway, email, customer_id, salt, manual, archived, amount, ip, created_at, updated_at, completed_at)
        SELECT ${BENCH_SHOP_ID}, 'b' || md5(g::text), s.status, ${variant.product_id}, ${variant.id}, s.price, 'USD', s.price,
          round(s.price * 0.92, 2),
          CASE WHEN s.status IN ('completed', 'refunded') THEN s.price END,
          CASE WHEN s.status IN ('completed', 'refunded') THEN s.price END,
          (ARRAY['BTC','LTC','WALLETA','WALLETAFF','CARDPROC','APPB','APPC'])[1 + g % 7],
          s.email, (SELECT c.id FROM customers c WHERE c.shop_id = ${BENCH_SHOP_ID} AND c.email = s.email),
          md5('salt' || g::text), g % 13 = 0, g % 17 = 0, 1,
          '10.' || (g % 250) || '.' || (g % 199) || '.' || (g % 97),
          s.at, s.at,
          CASE WHEN s.status IN ('completed', 'refunded') THEN s.at + interval '5 minutes' END
        FROM generate_series(${start}::bigint, ${end}::bigint) g
        CROSS JOIN LATERAL (SELECT
          (ARRAY['completed','completed','completed','pending','cancelled','failed','refunded'])[1 + (g * 7919) % 7] AS status,
          round((5 + (g * 7919 % 9500) / 100.0)::numeric, 2) AS price,
          now() - (g * interval '${SPACING_SECONDS} seconds') AS at,
          'customer' || (g % ${CUSTOMERS}) || '@example' || (g % 5) || '.com' AS email) s`);
      log(`  invoices ${end.toLocaleString("en")} / ${count.toLocaleString("en")}`);
    }
    await sql.exec(`
      INSERT INTO invoice_items (invoice_id, product_id, variant_id, product_name, variant_name, quantity, unit_price,
        total_price, total_price_usd, status, delivered, created_at, updated_at)
      SELECT i.id, i.product_id, i.variant_id, ${quote(variant.product_name)}, ${quote(variant.name)}, 1, i.price, i.price, i.price_usd,
        CASE WHEN i.status IN ('completed', 'refunded') THEN 'completed' ELSE 'pending' END,
        CASE WHEN i.status IN ('completed', 'refunded') THEN ARRAY['BENCH-' || i.id] ELSE ARRAY[]::text[] END,
        i.created_at, i.created_at
      FROM invoices i WHERE i.id > ${before ?? 0}`);
    log("  items loaded");
  } finally {
    if (trgm) await sql.exec(trgm.indexdef);
    await sql.exec(`ALTER TABLE invoices ENABLE TRIGGER USER`);
    await sql.exec(`ALTER TABLE invoice_items ENABLE TRIGGER USER`);
  }
  await sql.exec(RECOMPUTE_INVOICE_STATUS_COUNTS);
  await sql.exec(`SELECT analytics_rebuild(${BENCH_SHOP_ID})`);
  await sql.exec(`ANALYZE analytics_hourly, analytics_product_hourly, analytics_customer_hourly`);
  await sql.exec(`VACUUM ANALYZE invoices`);
  await sql.exec(`VACUUM ANALYZE invoice_items`);
  return invoiceIdRange(sql);
}

export async function invoiceIdRange(sql: Sql): Promise<{ min: number; max: number }> {
  // the loaded invoices only (their unique_id is 'b' || md5(n), contiguous ids): a run's purchases and checkouts leave gaps after them
  const [range] = await sql.query<{ min: number; max: number }>(
    `SELECT min(id) AS min, max(id) AS max FROM invoices WHERE shop_id = $1 AND unique_id ~ '^b[0-9a-f]{32}$'`,
    [BENCH_SHOP_ID],
  );
  return range!;
}

function quote(text: string) {
  return `'${text.replace(/'/g, "''")}'`;
}
