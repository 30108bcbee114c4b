import { Prisma, type Db, type PrismaClient } from "../db";
import { lockVariantStock } from "../catalog/stock";
import { randomId } from "../crypto/tokens";
import { newUniqueId } from "../invoices/create";
import { toUsd } from "../invoices/pricing";
import { applyPercentDiscount } from "../money";
import { notify } from "../notifications/create";
import type { CatalogVariant } from "./catalog";
import { appendLedger, balanceOf, lockReseller } from "./ledger";
import { currentTier, discountOf } from "./tiers";

export type ResellerRef = { id: number; shop_id: number; user_id: number };
export type PurchaseLine = { variant: CatalogVariant; quantity: number };
export type ResellerSource = "api" | "dynamic";

/** What the purchase transaction refuses with; the API answers 422 JSON, the receiver plain text. */
export class PurchaseRefused extends Error {
  constructor(
    readonly reason: "balance" | "stock",
    /** the line that ran out of stock */
    readonly lineIndex?: number,
  ) {
    super(reason === "balance" ? "Insufficient balance." : "Insufficient stock.");
  }
}

/** Interactive-transaction limits sized for many buyers queueing on one reseller row lock. */
export const PURCHASE_TRANSACTION = { maxWait: 30_000, timeout: 30_000 } as const;

export type Purchased = { invoiceId: number; uniqueId: string; dynamicItemIds: number[] };

/** Work of the caller inside the purchase's transaction: throwing from either rolls the purchase back. */
export type PurchaseHooks = {
  /** first, under the reseller row lock: a refusal before anything is priced or taken */
  guard?: (tx: Db) => Promise<void>;
  /** last, with the result: recorded in the same commit as the charge */
  record?: (tx: Db, purchased: Purchased) => Promise<void>;
};

/**
 * One reseller purchase, all in ONE transaction: lock the reseller row,
 * price at the earned tier, check the balance, take serials with
 * `FOR UPDATE SKIP LOCKED`, create the invoice and its items, and append the
 * ledger charge. Any refusal rolls everything back. Dynamic items stay
 * `pending`: their URL is called after commit (lib/reseller/dynamic-delivery.ts).
 */
export async function purchase(
  client: PrismaClient,
  reseller: ResellerRef,
  lines: PurchaseLine[],
  source: ResellerSource,
  hooks: PurchaseHooks = {},
): Promise<Purchased> {
  return client.$transaction(async (tx) => {
    await lockReseller(tx, reseller.id);
    if (hooks.guard) await hooks.guard(tx);
    const { tier } = await currentTier(tx, reseller.shop_id, reseller.id);
    const discount = discountOf(tier);

    const priced = lines.map((line) => {
      const unit = applyPercentDiscount(line.variant.price, discount);
      const total = unit.mul(line.quantity);
      return { ...line, unit, total, totalUsd: toUsd(total, line.variant.product.currency) };
    });
    const charge = priced.reduce((sum, line) => sum.add(line.totalUsd), new Prisma.Decimal(0));

    const balance = await balanceOf(tx, reseller.id);
    if (balance.lt(charge)) throw new PurchaseRefused("balance");

    // Serials first: a shortage refuses before anything is written.
    const taken: number[] = [];
    const serials = new Map<number, { id: number; value: string }[]>();
    for (const [index, line] of priced.entries()) {
      if (line.variant.product.deliverables_type !== "serials") continue;
      const rows = await takeSerials(tx, line.variant.id, line.quantity, taken);
      if (rows.length < line.quantity) throw new PurchaseRefused("stock", index);
      taken.push(...rows.map((row) => row.id));
      serials.set(index, rows);
    }

    const user = await tx.user.findUniqueOrThrow({ where: { id: reseller.user_id }, select: { email: true } });
    const hasDynamic = priced.some((line) => line.variant.product.deliverables_type === "dynamic");
    const now = new Date();
    const first = priced[0]!;
    const invoice = await tx.invoice.create({
      data: {
        shop_id: reseller.shop_id,
        unique_id: newUniqueId(),
        status: hasDynamic ? "pending" : "completed",
        product_id: first.variant.product.id,
        variant_id: first.variant.id,
        price: charge,
        currency: "USD",
        price_usd: charge,
        paid: charge,
        paid_usd: charge,
        gateway: "RESELLER",
        email: user.email,
        salt: randomId(8),
        amount: priced.reduce((sum, line) => sum + line.quantity, 0),
        reseller_id: reseller.id,
        reseller_source: source,
        completed_at: hasDynamic ? null : now,
      },
      select: { id: true, unique_id: true },
    });

    await lockVariantStock(
      tx,
      priced.flatMap((line, index) => (serials.has(index) ? [line.variant.id] : [])),
    );
    const dynamicItemIds: number[] = [];
    for (const [index, line] of priced.entries()) {
      const rows = serials.get(index);
      const item = await tx.invoiceItem.create({
        data: {
          invoice_id: invoice.id,
          product_id: line.variant.product.id,
          variant_id: line.variant.id,
          product_name: line.variant.product.name,
          variant_name: line.variant.name,
          quantity: line.quantity,
          unit_price: line.unit,
          total_price: line.total,
          total_price_usd: line.totalUsd,
          reseller_discount: discount,
          status: rows ? "completed" : "pending",
          delivered: rows ? rows.map((row) => row.value) : [],
        },
        select: { id: true },
      });
      if (rows) {
        await tx.stockItem.updateMany({
          where: { id: { in: rows.map((row) => row.id) }, invoice_item_id: null },
          data: { invoice_item_id: item.id, delivered_at: now },
        });
      } else {
        dynamicItemIds.push(item.id);
      }
    }

    await appendLedger(tx, reseller.id, balance, {
      amount: charge.neg(),
      kind: "charge",
      reason: `Invoice ${invoice.unique_id}`,
      invoiceId: invoice.id,
    });
    await notify(tx, reseller.shop_id, {
      event: "reseller_order",
      level: "info",
      title: "Reseller order",
      description: `${user.email} bought ${priced.length} item${priced.length > 1 ? "s" : ""} for $${charge.toFixed(2)} (${source}).`,
      link: `/dashboard/invoices/${invoice.unique_id}`,
    });

    const purchased = { invoiceId: invoice.id, uniqueId: invoice.unique_id, dynamicItemIds };
    if (hooks.record) await hooks.record(tx, purchased);
    return purchased;
  }, PURCHASE_TRANSACTION);
}

/** Unsold serials of a variant, locked; rows another buyer holds are skipped, rows this purchase took are excluded. */
async function takeSerials(tx: Db, variantId: number, quantity: number, exclude: number[]) {
  const notTaken = exclude.length ? Prisma.sql`AND "id" NOT IN (${Prisma.join(exclude)})` : Prisma.empty;
  return tx.$queryRaw<{ id: number; value: string }[]>`
    SELECT "id", "value" FROM "stock_items"
    WHERE "variant_id" = ${variantId} AND "invoice_item_id" IS NULL ${notTaken}
    ORDER BY "id"
    LIMIT ${quantity}
    FOR UPDATE SKIP LOCKED`;
}
