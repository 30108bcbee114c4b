import { Prisma, query, type Db, type SqlTx } from "../db";
import type { Invoice } from "../generated/prisma/client";
import { variantStockLock } from "../catalog/stock";
import { randomId } from "../crypto/tokens";
import { newUniqueId } from "../invoices/create";
import { toUsd } from "../invoices/pricing";
import { applyPercentDiscount } from "../money";
import { ownerEmail, type NewNotification } from "../notifications/create";
import { channelsFrom } from "../notifications/settings";
import type { CatalogVariant } from "./catalog";
import { eventInserts, newEvents, subscribersOf } from "../webhooks/events";
import { invoiceColumns, invoiceDefaults } from "../invoices/columns";
import { serializeInvoice } from "../invoices/serialize";
import { purchasedInvoice, storedMoney, type PurchasedInvoice } from "./purchased-invoice";
import { discountOf, earnedTier, type TierThresholds } from "./tiers";

export type ResellerRef = { id: number; shop_id: number; user_id: number };
export type PurchaseLine = { variant: CatalogVariant; quantity: number };
export type ResellerSource = "api" | "dynamic";

/** What the purchase refuses with; the API answers 422 JSON, the receiver plain text. */
export class PurchaseRefused extends Error {
  constructor(
    readonly reason: "balance" | "stock",
    /** the line that ran out of stock */
    readonly lineIndex?: number,
  ) {
    super(reason === "balance" ? "Insufficient balance." : "Insufficient stock.");
  }
}

/** The purchase transaction's limit, sized for many buyers queueing on one reseller row lock. */
export const PURCHASE_TRANSACTION = { timeoutMs: 30_000 } as const;

/**
 * What the purchase wrote: the invoice row as its write statement returned
 * it, with its product, variant and items, so both answers are the existing
 * serializers over it (the reseller's, and the seller's view in the webhook
 * payload); and the items left for dynamic delivery.
 */
export type Purchased = { invoice: PurchasedInvoice; dynamicItemIds: number[] };

/**
 * One reseller purchase inside the caller's transaction (the idempotency
 * protocol's, lib/reseller/idempotency.ts, below Prisma: lib/db/query.ts).
 * What needs no lock was read before the transaction, in one statement
 * beside the catalog lookup (`purchaseSettings`): the shop's tiers,
 * notification channels and webhook subscriptions. Under the reseller row
 * lock, two statements: the
 * lock itself, which also reads the balance and the running totals the tier
 * is earned by (kept on the row by triggers), draws the new rows' ids and
 * takes the serials (`FOR UPDATE SKIP LOCKED`); and one statement that
 * writes the invoice, its items, the serials' assignment, the ledger charge,
 * the dashboard notification, the owner's email (as the seller chose), the
 * webhook events with their deliveries and the key's stored answer. Any
 * refusal throws and the transaction rolls everything back. Dynamic items
 * stay `pending`: their URL is called after commit
 * (lib/dynamic/delivery.ts).
 *
 * `guard` runs first after the lock (the receiver's signature memory);
 * `alsoWrite` gives more CTEs for the write statement, made from the
 * purchase's result (the Idempotency-Key's stored answer): the answer is
 * known before the write, so it commits with no round trip of its own.
 */
export async function purchase(
  tx: SqlTx,
  reseller: ResellerRef,
  lines: PurchaseLine[],
  { tiers, channels, owner, subscribed, defaults }: PurchaseSettings,
  source: ResellerSource,
  { guard, alsoWrite }: { guard?: (tx: SqlTx) => Promise<void>; alsoWrite?: (purchased: Purchased) => Prisma.Sql | null } = {},
): Promise<Purchased> {
  const locked = await lockAndTakeSerials(tx, reseller.id, lines);
  if (guard) await guard(tx);
  const { tier } = earnedTier(tiers, { spentUsd: locked.spent, orders: locked.sales });
  const discount = discountOf(tier);

  const priced = lines.map((line) => {
    const unit = applyPercentDiscount(line.variant.price, discount);
    const total = unit.mul(line.quantity);
    return { ...line, unit, total, totalUsd: toUsd(total, line.variant.product.currency) };
  });
  const charge = priced.reduce((sum, line) => sum.add(line.totalUsd), new Prisma.Decimal(0));
  if (locked.balance.lt(charge)) throw new PurchaseRefused("balance");

  // A shortage refuses before anything is written (the balance is checked first).
  const serials = serialsPerLine(lines, locked.serials);
  const hasDynamic = priced.some((line) => line.variant.product.deliverables_type === "dynamic");
  const status = hasDynamic ? "pending" : "completed";
  const now = new Date();
  const uniqueId = newUniqueId();
  const salt = randomId(8);
  const amount = priced.reduce((sum, line) => sum + line.quantity, 0);
  const notification: NewNotification = {
    event: "reseller_order",
    level: "info",
    title: "Reseller order",
    description: `${locked.email} bought ${priced.length} item${priced.length > 1 ? "s" : ""} for $${charge.toFixed(2)} (${source}).`,
    link: `/dashboard/invoices/${uniqueId}`,
  };

  const mail = owner ? ownerEmail(reseller.shop_id, owner, notification) : null;

  const variantLock = variantStockLock([...serials.keys()].map((index) => priced[index]!.variant.id));
  if (variantLock) await query(tx, variantLock);
  const first = priced[0]!;
  const money = charge.toFixed(2);
  const taken = [...serials].flatMap(([index, rows]) => rows.map((row) => ({ id: row.id, index })));
  const invoice = purchasedInvoice({
    invoice: {
      id: locked.invoiceId,
      shop_id: reseller.shop_id,
      unique_id: uniqueId,
      status,
      price: storedMoney(charge),
      email: locked.email,
      salt,
      amount,
      reseller_id: reseller.id,
      reseller_source: source,
      created_at: now,
      completed_at: hasDynamic ? null : now,
    },
    defaults,
    first: first.variant,
    items: priced.map((line, index) => ({
      id: locked.itemIds[index]!,
      product_id: line.variant.product.id,
      variant_id: line.variant.id,
      product_name: line.variant.product.name,
      variant_name: line.variant.name,
      quantity: line.quantity,
      unit_price: storedMoney(line.unit),
      total_price: storedMoney(line.total),
      total_price_usd: storedMoney(line.totalUsd),
      reseller_discount: storedMoney(discount),
      status: serials.has(index) ? "completed" : "pending",
      delivered: serials.get(index)?.map((serial) => serial.value) ?? [],
    })),
    taken: new Map([...locked.serials].map(([variantId, rows]) => [variantId, rows.length])),
  });
  const itemRows = invoice.items.map((item, index) => ({ ...item, item_id: item.id, line_index: index }));
  // The webhook events, when an endpoint takes them, are written by the same statement: no round trip under the lock.
  const announced = serializeInvoice(invoice, []);
  const events = subscribed.targets.length ? newEvents(subscribed, { object: announced }, now) : null;
  const purchased: Purchased = {
    invoice,
    dynamicItemIds: invoice.items.filter((item) => item.status === "pending").map((item) => item.id),
  };
  const extra = alsoWrite?.(purchased) ?? null;
  const serialIds = taken.map((serial) => serial.id);
  const serialLines = taken.map((serial) => serial.index);
  const [written] = await query<Invoice & { serials_assigned: number }>(
    tx,
    Prisma.sql`
    WITH "line" AS MATERIALIZED (
      SELECT l.* FROM jsonb_to_recordset(${JSON.stringify(itemRows)}::jsonb) AS l(
        "line_index" int, "item_id" int, "product_id" int, "variant_id" int, "product_name" text, "variant_name" text, "quantity" int,
        "unit_price" numeric, "total_price" numeric, "total_price_usd" numeric, "reseller_discount" numeric,
        "status" text, "delivered" jsonb)
    ), "invoice" AS (
      INSERT INTO "invoices" ("id", "shop_id", "unique_id", "status", "product_id", "variant_id", "price", "currency", "price_usd",
        "paid", "paid_usd", "gateway", "email", "salt", "amount", "reseller_id", "reseller_source", "created_at", "updated_at", "completed_at")
      VALUES (${locked.invoiceId}, ${reseller.shop_id}, ${uniqueId}, ${status}, ${first.variant.product.id}, ${first.variant.id}, ${money}::numeric, 'USD', ${money}::numeric,
        ${money}::numeric, ${money}::numeric, 'RESELLER', ${locked.email}, ${salt}, ${amount},
        ${reseller.id}, ${source}, ${now}, ${now}, ${hasDynamic ? null : now})
      RETURNING *
    ), "item" AS (
      INSERT INTO "invoice_items" ("id", "invoice_id", "product_id", "variant_id", "product_name", "variant_name", "quantity",
        "unit_price", "total_price", "total_price_usd", "reseller_discount", "status", "delivered", "created_at", "updated_at")
      SELECT l."item_id", i."id", l."product_id", l."variant_id", l."product_name", l."variant_name", l."quantity",
        l."unit_price", l."total_price", l."total_price_usd", l."reseller_discount", l."status",
        ARRAY(SELECT jsonb_array_elements_text(l."delivered")), ${now}, ${now}
      FROM "line" l CROSS JOIN "invoice" i
      ORDER BY l."line_index"
      RETURNING "id", "status"
    ), "serial" AS (
      -- "id" = ANY(...) keeps this on the primary key: joined to a set function alone, the planner hashed every unsold
      -- serial. The unsold check is written with coalesce so that it matches no index: as "IS NULL" it matched the
      -- partial index of unsold serials, and the transaction's generic plan ANDed the key lookup with a scan of all
      -- of them (0.4 ms at 27,000 unsold keys, under the reseller's lock).
      UPDATE "stock_items" s SET "invoice_item_id" = l."item_id", "delivered_at" = ${now}
      FROM unnest(${serialIds}::int[], ${serialLines}::int[]) AS taken("serial_id", "line_index")
      JOIN "line" l ON l."line_index" = taken."line_index"
      WHERE s."id" = taken."serial_id" AND s."id" = ANY(${serialIds}::int[]) AND coalesce(s."invoice_item_id", 0) = 0
      RETURNING s."id"
    ), "charge" AS ( -- data-modifying CTEs run to completion whether or not the final SELECT reads them
      INSERT INTO "reseller_ledger_entries" ("reseller_id", "amount_usd", "balance_after", "kind", "reason", "invoice_id", "created_at")
      SELECT ${reseller.id}, ${charge.neg().toFixed(2)}::numeric, ${locked.balance.sub(charge).toFixed(2)}::numeric, 'charge', ${`Invoice ${uniqueId}`}, i."id", ${now}
      FROM "invoice" i
      RETURNING "id"
    ), "notice" AS (
      INSERT INTO "notifications" ("shop_id", "event", "level", "title", "description", "link", "created_at")
      SELECT ${reseller.shop_id}, ${notification.event}, ${notification.level}, ${notification.title}, ${notification.description},
        ${notification.link}, ${now}
      WHERE ${channels.dashboard}::boolean
      RETURNING "id"
    ), "mail" AS (
      INSERT INTO "email_outbox" ("shop_id", "to", "subject", "html", "text", "kind", "created_at")
      SELECT ${reseller.shop_id}, ${mail?.to ?? ""}, ${mail?.subject ?? ""}, ${mail?.html ?? ""}, ${mail?.text ?? ""}, ${mail?.kind ?? ""}, ${now}
      WHERE ${mail !== null}::boolean
      RETURNING "id"
    )${events ? Prisma.sql`, ${eventInserts(events)}` : Prisma.empty}${extra ? Prisma.sql`, ${extra}` : Prisma.empty}
    SELECT ${invoiceColumns("w")}, (SELECT count(*)::int FROM "serial") AS "serials_assigned" FROM "invoice" w`,
  );
  const expectedSerials = [...serials.values()].reduce((sum, rows) => sum + rows.length, 0);
  // The serials are locked by this transaction since its lock statement: anything else is a bug, and rolls back.
  if (!written || written.id !== invoice.id || written.serials_assigned !== expectedSerials) {
    throw new Error("the purchase did not write what it took");
  }
  // The answers that committed with the invoice were made from it before it was written: they must show what was.
  const { serials_assigned: _serials, ...row } = written;
  const stored: PurchasedInvoice = { ...invoice, ...row };
  if (JSON.stringify(serializeInvoice(stored, [])) !== JSON.stringify(announced)) {
    throw new Error("the purchase wrote another invoice than its answers show");
  }
  return { ...purchased, invoice: stored };
}

/**
 * What the purchase needs of its shop, in one statement before its
 * transaction (nothing here is decided under the lock): the tiers'
 * thresholds and discounts, the notification channels of a reseller order
 * and the owner an email goes to, and the webhook endpoints subscribed to
 * its two events. Raw SQL rather than a Prisma read with four relations:
 * that read cost the server 0.38 ms of CPU per purchase, this one 0.1.
 */
export async function purchaseSettings(db: Db, shopId: number) {
  const [shop] = await query<{
    name: string;
    owner_email: string;
    notification_settings: unknown;
    tiers: { id: number; discount_percentage: string; min_spent_usd: string; min_sales_count: number }[];
    endpoints: { id: number; events: string[] }[];
  }>(
    db,
    Prisma.sql`
    SELECT s."name", u."email" AS "owner_email",
      (SELECT n."settings" FROM "notification_settings" n WHERE n."shop_id" = s."id") AS "notification_settings",
      (SELECT coalesce(jsonb_agg(jsonb_build_object('id', t."id", 'discount_percentage', t."discount_percentage"::text,
          'min_spent_usd', t."min_spent_usd"::text, 'min_sales_count', t."min_sales_count") ORDER BY t."id"), '[]')
        FROM "reseller_tiers" t WHERE t."shop_id" = s."id") AS "tiers",
      (SELECT coalesce(jsonb_agg(jsonb_build_object('id', e."id", 'events', e."events") ORDER BY e."id"), '[]')
        FROM "webhook_endpoints" e WHERE e."shop_id" = s."id" AND e."enabled") AS "endpoints"
    FROM "shops" s JOIN "users" u ON u."id" = s."owner_id"
    WHERE s."id" = ${shopId}`,
  );
  if (!shop) throw new Error(`shop ${shopId} is gone`);
  const defaults = await invoiceDefaults(db);
  const channels = channelsFrom(shop.notification_settings, "reseller_order");
  // numerics travel as text inside JSON, so no digit is lost to a float
  const tiers: TierThresholds[] = shop.tiers.map((tier) => ({
    id: tier.id,
    discount_percentage: new Prisma.Decimal(tier.discount_percentage),
    min_spent_usd: new Prisma.Decimal(tier.min_spent_usd),
    min_sales_count: tier.min_sales_count,
  }));
  return {
    tiers,
    channels,
    owner: channels.email ? { name: shop.name, owner: { email: shop.owner_email } } : null,
    subscribed: subscribersOf(shopId, shop.endpoints, ["invoice.created", "reseller.invoice.created"]),
    defaults,
  };
}

export type PurchaseSettings = Awaited<ReturnType<typeof purchaseSettings>>;

async function lockAndTakeSerials(tx: SqlTx, resellerId: number, lines: PurchaseLine[]) {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (line.variant.product.deliverables_type !== "serials") continue;
    wanted.set(line.variant.id, (wanted.get(line.variant.id) ?? 0) + line.quantity);
  }
  const rows = await query<{
    balance_usd: Prisma.Decimal;
    spent_usd: Prisma.Decimal;
    sales_count: number;
    email: string;
    invoice_id: number;
    item_ids: number[];
    variant_id: number | null;
    serial_id: number | null;
    value: string | null;
  }>(
    tx,
    Prisma.sql`
    WITH "locked" AS MATERIALIZED (
      SELECT r."balance_usd", r."spent_usd", r."sales_count", u."email",
        nextval(pg_get_serial_sequence('"invoices"', 'id'))::int AS "invoice_id",
        ARRAY(SELECT nextval(pg_get_serial_sequence('"invoice_items"', 'id'))::int FROM generate_series(1, ${lines.length}::int)) AS "item_ids"
      FROM "resellers" r JOIN "users" u ON u."id" = r."user_id"
      WHERE r."id" = ${resellerId}
      FOR UPDATE OF r
    )
    SELECT l.*, s."variant_id", s."serial_id", s."value"
    FROM "locked" l
    LEFT JOIN LATERAL (
      SELECT w."variant_id", taken."id" AS "serial_id", taken."value"
      FROM unnest(${[...wanted.keys()]}::int[], ${[...wanted.values()]}::int[]) AS w("variant_id", "quantity")
      CROSS JOIN LATERAL (
        SELECT "id", "value" FROM "stock_items"
        WHERE "variant_id" = w."variant_id" AND "invoice_item_id" IS NULL AND l."invoice_id" IS NOT NULL
        ORDER BY "id" LIMIT w."quantity"
        FOR UPDATE SKIP LOCKED
      ) taken
    ) s ON true`,
  );
  const row = rows[0];
  if (!row) throw new Error(`reseller ${resellerId} is gone`);
  const serials = new Map<number, { id: number; value: string }[]>();
  for (const serial of rows) {
    if (serial.variant_id === null || serial.serial_id === null) continue;
    if (!serials.has(serial.variant_id)) serials.set(serial.variant_id, []);
    serials.get(serial.variant_id)!.push({ id: serial.serial_id, value: serial.value! });
  }
  return {
    balance: row.balance_usd,
    spent: row.spent_usd,
    sales: Number(row.sales_count),
    email: row.email,
    invoiceId: row.invoice_id,
    itemIds: row.item_ids,
    /** per variant id, in id order */
    serials,
  };
}

/** The taken serials per serial line (lines of one variant share one take, split in order); a shortage refuses. */
function serialsPerLine(lines: PurchaseLine[], taken: Map<number, { id: number; value: string }[]>) {
  const pools = new Map([...taken].map(([variantId, rows]) => [variantId, [...rows]]));
  const perLine = new Map<number, { id: number; value: string }[]>();
  for (const [index, line] of lines.entries()) {
    if (line.variant.product.deliverables_type !== "serials") continue;
    const pool = pools.get(line.variant.id) ?? [];
    if (pool.length < line.quantity) throw new PurchaseRefused("stock", index);
    perLine.set(index, pool.splice(0, line.quantity));
  }
  return perLine;
}
