import { lockVariantStock } from "../catalog/stock";
import { Prisma, query, type Db } from "../db";
import { notify } from "../notifications/create";
import { recordEvent } from "../webhooks/events";
import { variantEvent } from "../webhooks/objects";

/** Below this many units left, the seller is told the variant runs low. */
export const LOW_STOCK_THRESHOLD = 10;

export type DeliveryOutcome = {
  /** dynamic items to call once the transaction has committed */
  dynamicItemIds: number[];
};

type PendingItem = {
  id: number;
  quantity: number;
  delivered: string[];
  product_name: string;
  variant_name: string;
  variant: { id: number; service_stock: number | null; product: { deliverables_type: string } } | null;
};

/**
 * Delivers an invoice's still-pending items from stock. Runs inside the
 * transaction that holds the invoice row lock, so one invoice is never
 * delivered twice at once; serials are taken oldest first with
 * `FOR UPDATE SKIP LOCKED`, so two invoices never take the same serial and
 * never wait on each other's rows.
 *
 * Not enough stock: what there is gets delivered and the item stays
 * `pending` (the customer paid; refusing would strand the payment). The
 * seller is notified, restocks, and `deliver`/`process` delivers the rest.
 * Dynamic items are only collected here: their HTTP call happens after the
 * commit (lib/dynamic/delivery.ts), never inside a transaction.
 */
export async function deliverPendingItems(tx: Db, shopId: number, invoiceId: number): Promise<DeliveryOutcome> {
  const items: PendingItem[] = await tx.invoiceItem.findMany({
    where: { invoice_id: invoiceId, status: "pending" },
    orderBy: { id: "asc" },
    select: {
      id: true,
      quantity: true,
      delivered: true,
      product_name: true,
      variant_name: true,
      variant: { select: { id: true, service_stock: true, product: { select: { deliverables_type: true } } } },
    },
  });
  await lockVariantStock(
    tx,
    items.flatMap((item) => (item.variant && item.variant.product.deliverables_type !== "dynamic" ? [item.variant.id] : [])),
  );
  const dynamicItemIds: number[] = [];
  for (const item of items) {
    // A deleted variant cannot be delivered automatically; the seller can use replace-delivered.
    if (!item.variant) continue;
    switch (item.variant.product.deliverables_type) {
      case "serials":
        await deliverSerials(tx, shopId, item, item.variant.id);
        break;
      case "service":
        await deliverService(tx, shopId, item, item.variant);
        break;
      case "dynamic":
        dynamicItemIds.push(item.id);
        break;
    }
  }
  return { dynamicItemIds };
}

async function deliverSerials(tx: Db, shopId: number, item: PendingItem, variantId: number) {
  const missing = item.quantity - item.delivered.length;
  const taken =
    missing > 0
      ? await query<{ id: number; value: string }>(
          tx,
          Prisma.sql`
          SELECT id, value FROM stock_items
          WHERE variant_id = ${variantId} AND invoice_item_id IS NULL
          ORDER BY created_at, id
          LIMIT ${missing}
          FOR UPDATE SKIP LOCKED`,
        )
      : [];
  if (taken.length) {
    await tx.stockItem.updateMany({
      where: { id: { in: taken.map((row) => row.id) } },
      data: { invoice_item_id: item.id, delivered_at: new Date() },
    });
  }
  const delivered = [...item.delivered, ...taken.map((row) => row.value)];
  const complete = delivered.length >= item.quantity;
  await tx.invoiceItem.update({ where: { id: item.id }, data: { delivered, status: complete ? "completed" : "pending" } });

  const { unsold_serials: left } = await tx.variant.findUniqueOrThrow({ where: { id: variantId }, select: { unsold_serials: true } });
  const shortBy = item.quantity - delivered.length;
  if (shortBy > 0 || crossedLowStock(left, taken.length)) await notifyLowStock(tx, shopId, item, variantId, left, shortBy);
}

async function deliverService(tx: Db, shopId: number, item: PendingItem, variant: { id: number; service_stock: number | null }) {
  if (variant.service_stock !== null) {
    // Conditional decrement: concurrent invoices can never take the counter below zero.
    const taken = await tx.variant.updateMany({
      where: { id: variant.id, service_stock: { gte: item.quantity } },
      data: { service_stock: { decrement: item.quantity } },
    });
    const { service_stock: left } = await tx.variant.findUniqueOrThrow({ where: { id: variant.id }, select: { service_stock: true } });
    if (taken.count === 0) {
      await notifyLowStock(tx, shopId, item, variant.id, left ?? 0, item.quantity);
      return;
    }
    if (crossedLowStock(left ?? 0, item.quantity)) await notifyLowStock(tx, shopId, item, variant.id, left ?? 0, 0);
  }
  await tx.invoiceItem.update({ where: { id: item.id }, data: { status: "completed" } });
}

/** True when taking `taken` units moved the stock from at least the threshold to below it. */
export function crossedLowStock(left: number, taken: number): boolean {
  return taken > 0 && left < LOW_STOCK_THRESHOLD && left + taken >= LOW_STOCK_THRESHOLD;
}

async function notifyLowStock(tx: Db, shopId: number, item: PendingItem, variantId: number, left: number, shortBy: number) {
  const name = `${item.product_name} (${item.variant_name})`;
  await notify(tx, shopId, {
    event: "stock_low",
    level: shortBy > 0 || left === 0 ? "error" : "warning",
    title: shortBy > 0 ? "Not enough stock to deliver" : left === 0 ? "Out of stock" : "Stock running low",
    description:
      shortBy > 0 ? `${name}: ${shortBy} unit(s) of an order are waiting for stock (${left} left)` : `${name} has ${left} unit(s) left`,
    link: "/dashboard/products",
  });
  await recordEvent(tx, shopId, left === 0 ? "variant.sold_out" : "variant.stock_low", () => variantEvent(tx, variantId));
}
