import { Prisma } from "../db";
import { randomId } from "../crypto/tokens";
import { roundMoney } from "../money";
import { HOUR_MS, type SeedContext } from "./context";
import { serialKey, type SeededProduct, type SeededVariant } from "./catalog";

type CouponRef = { id: number; type: string; discount: Prisma.Decimal; code: string };
type AffiliateRef = { id: number; commission: Prisma.Decimal };

export type OrderPlan = {
  shopId: number;
  count: number;
  /** how far back the history goes */
  days: number;
  products: SeededProduct[];
  customers: { id: number; email: string }[];
  coupons: CouponRef[];
  affiliates: AffiliateRef[];
  customFieldIds: { discord: number; region: number } | null;
  /** variant key -> stock prefix for serial keys sold by these orders */
  serialPrefix: string;
};

const STATUSES = [
  ["completed", 52],
  ["pending", 16],
  ["cancelled", 10],
  ["failed", 10],
  ["refunded", 8],
] as const;
const GATEWAYS = ["BTC", "LTC", "WALLETA", "WALLETAFF", "CARDPROC", "APPB", "APPC"] as const;
const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
];
const EUR_PER_USD = new Prisma.Decimal("0.92");

function gatewayFields(context: SeedContext, gateway: string, email: string): Partial<Prisma.InvoiceCreateManyInput> {
  const { random } = context;
  switch (gateway) {
    case "BTC":
      return {
        crypto_address: `bc1q${random.code(30, "023456789acdefghjklmnpqrstuvwxyz")}`,
        crypto_amount: `0.000${random.int(100, 999)}${random.int(10, 99)}`,
      };
    case "LTC":
      return {
        crypto_address: `ltc1q${random.code(30, "023456789acdefghjklmnpqrstuvwxyz")}`,
        crypto_amount: `0.${random.int(100, 999)}${random.int(1000, 9999)}`,
      };
    case "WALLETA":
      return { payment_method_id: random.pick(["wa_balance", "wa_card"]) };
    case "WALLETAFF":
      return {
        walletAff_email: email,
        walletAff_transaction_id: `${random.code(17, "0123456789ABCDEF")}`,
        walletAff_currency: "USD",
        walletAff_note: random.chance(0.5) ? `order ${random.code(6)}` : null,
      };
    case "CARDPROC":
      return {
        cardproc_pi_id: `pi_${random.code(24, "abcdefghijklmnopqrstuvwxyz0123456789")}`,
        payment_method_id: random.pick(["card_visa", "card_mastercard"]),
      };
    case "APPB":
      return {
        appB_cashtag: `$${email.split("@")[0]}`,
        appB_receipt_id: `R${random.code(10, "0123456789")}`,
        appB_transaction_id: `T${random.code(12, "0123456789")}`,
        appB_note: random.chance(0.5) ? `note ${random.code(5)}` : null,
      };
    case "APPC":
      return { appC_tag: `@${email.split("@")[0]}`, appC_note: random.chance(0.5) ? `appc ${random.code(5)}` : null };
    default:
      return {};
  }
}

/** The product mix of the history: mostly the Standard key, some of everything. */
function pickVariant(context: SeedContext, products: SeededProduct[]): { product: SeededProduct; variant: SeededVariant } {
  const choices = products.flatMap((product) =>
    product.variants.map((variant) => ({ product, variant, weight: product.key === "steam" && variant.name === "Standard" ? 8 : 2 })),
  );
  const choice = context.random.weighted(choices.map((c) => [c, c.weight] as const));
  return { product: choice.product, variant: choice.variant };
}

/**
 * Lays out a shop's order history: every status, gateway and month, manual
 * and archived orders, coupons, custom-field answers, affiliate commissions,
 * and delivered serials that leave stock exactly as live delivery would.
 * Returns how many serials each variant sold, so unsold stock is added after.
 */
export async function seedOrders(context: SeedContext, plan: OrderPlan) {
  const { db, random, now } = context;
  const invoices: Prisma.InvoiceCreateManyInput[] = [];
  const lines: { uniqueId: string; product: SeededProduct; variant: SeededVariant; quantity: number; status: string; at: Date | null }[] =
    [];
  const answers: { uniqueId: string; fieldId: number; value: string }[] = [];
  const commissions: { uniqueId: string; affiliate: AffiliateRef; amount: Prisma.Decimal; at: Date; reversed: boolean }[] = [];
  const couponUses = new Map<number, number>();

  for (let i = 0; i < plan.count; i++) {
    // a fixed share of fresh pending checkouts, the rest spread over the history
    const fresh = i % 40 === 0;
    const status = fresh ? "pending" : random.weighted(STATUSES);
    const createdAt = fresh
      ? new Date(now.getTime() - random.int(5, 50) * 60_000)
      : new Date(now.getTime() - random.int(2 * HOUR_MS, plan.days * 24 * HOUR_MS));
    let { product, variant } = pickVariant(context, plan.products);
    if (product.deliverablesType === "serials" && (variant.plan.serials ?? 0) === 0 && (status === "completed" || status === "refunded")) {
      // the out-of-stock variant only ever sold the few keys it had
      const soldOut = lines.filter((l) => l.variant.id === variant.id && l.at).length;
      if (soldOut >= 3) ({ product, variant } = { product: plan.products[0]!, variant: plan.products[0]!.variants[0]! });
    }
    const quantity =
      product.deliverablesType === "service"
        ? 1
        : random.weighted([
            [1, 8],
            [2, 2],
            [3, 1],
          ] as const);
    const customer = random.pick(plan.customers);
    const manual = random.chance(0.08);
    const gateway = manual ? "MANUAL" : GATEWAYS[i % GATEWAYS.length]!;
    const subtotal = variant.price.mul(quantity);
    const coupon = random.chance(0.12) && plan.coupons.length ? random.pick(plan.coupons) : null;
    const discount = coupon
      ? coupon.type === "percentage"
        ? roundMoney(subtotal.mul(coupon.discount).div(100))
        : Prisma.Decimal.min(coupon.discount, subtotal)
      : new Prisma.Decimal(0);
    const price = subtotal.sub(discount);
    if (coupon) couponUses.set(coupon.id, (couponUses.get(coupon.id) ?? 0) + 1);
    const paidStatus = status === "completed" || status === "refunded";
    const completedAt = paidStatus ? new Date(createdAt.getTime() + random.int(1, 45) * 60_000) : null;
    const uniqueId = randomId(8);
    const affiliate = paidStatus && plan.affiliates.length && random.chance(0.12) ? random.pick(plan.affiliates) : null;

    invoices.push({
      shop_id: plan.shopId,
      unique_id: uniqueId,
      status,
      product_id: product.id,
      variant_id: variant.id,
      price,
      currency: "USD",
      price_usd: price,
      price_eur: roundMoney(price.mul(EUR_PER_USD)),
      paid: paidStatus ? price : null,
      paid_usd: paidStatus ? price : null,
      gateway,
      email: customer.email,
      customer_id: customer.id,
      salt: randomId(8),
      manual,
      archived: status !== "pending" && random.chance(0.07),
      amount: quantity,
      coupon_id: coupon?.id ?? null,
      affiliate_id: affiliate?.id ?? null,
      ip: `${random.int(11, 223)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
      user_agent: random.pick(USER_AGENTS),
      chat_user_id: random.chance(0.2) ? String(random.int(10 ** 16, 10 ** 17)) : null,
      chat_username: random.chance(0.2) ? `${customer.email.split("@")[0]}#${random.int(1000, 9999)}` : null,
      dashboard_note: random.chance(0.05) ? "Customer asked for a receipt in EUR." : null,
      // abandoned checkouts: some old pending ones were dismissed or already chased
      dismissed_at: status === "pending" && !fresh && random.chance(0.25) ? new Date(createdAt.getTime() + 3 * HOUR_MS) : null,
      recovery_sent_at: status === "pending" && !fresh && random.chance(0.2) ? new Date(createdAt.getTime() + 2 * HOUR_MS) : null,
      created_at: createdAt,
      updated_at: completedAt ?? createdAt,
      completed_at: completedAt,
      ...gatewayFields(context, gateway, customer.email),
    });
    lines.push({ uniqueId, product, variant, quantity, status: paidStatus ? "completed" : "pending", at: completedAt });
    if (plan.customFieldIds && random.chance(0.35)) {
      answers.push({ uniqueId, fieldId: plan.customFieldIds.discord, value: `${customer.email.split("@")[0]}#${random.int(1000, 9999)}` });
      answers.push({ uniqueId, fieldId: plan.customFieldIds.region, value: random.pick(["EU", "US", "ASIA"]) });
    }
    if (affiliate && completedAt) {
      commissions.push({
        uniqueId,
        affiliate,
        amount: roundMoney(price.mul(affiliate.commission).div(100)),
        at: completedAt,
        reversed: status === "refunded",
      });
    }
  }

  const created = await db.invoice.createManyAndReturn({ data: invoices, select: { id: true, unique_id: true } });
  const invoiceIds = new Map(created.map((invoice) => [invoice.unique_id, invoice.id]));

  const items = await db.invoiceItem.createManyAndReturn({
    data: lines.map((line) => {
      const total = line.variant.price.mul(line.quantity);
      return {
        invoice_id: invoiceIds.get(line.uniqueId)!,
        product_id: line.product.id,
        variant_id: line.variant.id,
        product_name: line.product.name,
        variant_name: line.variant.name,
        quantity: line.quantity,
        unit_price: line.variant.price,
        total_price: total,
        total_price_usd: total,
        status: line.status,
        delivered:
          line.status === "completed" && line.product.deliverablesType === "dynamic"
            ? Array.from({ length: line.quantity }, () => serialKey(context, "GIFT"))
            : [],
        dynamic_attempts: line.status === "completed" && line.product.deliverablesType === "dynamic" ? 1 : 0,
        dynamic_last_at: line.status === "completed" && line.product.deliverablesType === "dynamic" ? line.at : null,
        created_at: line.at ?? undefined,
      };
    }),
    select: { id: true, invoice_id: true },
  });
  const itemIdByInvoice = new Map(items.map((item) => [item.invoice_id, item.id]));

  // serials delivered by completed and refunded orders (a refund keeps them sold)
  const sold: Prisma.StockItemCreateManyInput[] = [];
  const soldByItem = new Map<number, string[]>();
  for (const line of lines) {
    if (line.status !== "completed" || line.product.deliverablesType !== "serials") continue;
    const itemId = itemIdByInvoice.get(invoiceIds.get(line.uniqueId)!)!;
    const keys = Array.from({ length: line.quantity }, () => serialKey(context, plan.serialPrefix));
    soldByItem.set(itemId, keys);
    for (const value of keys)
      sold.push({ variant_id: line.variant.id, value, invoice_item_id: itemId, delivered_at: line.at, created_at: line.at! });
  }
  await db.stockItem.createMany({ data: sold });
  for (const [itemId, keys] of soldByItem) {
    await db.invoiceItem.update({ where: { id: itemId }, data: { delivered: keys } });
  }

  if (answers.length) {
    await db.customFieldAttachment.createMany({
      data: answers.map((a) => ({
        custom_field_id: a.fieldId,
        morphable_type: "invoice",
        morphable_id: invoiceIds.get(a.uniqueId)!,
        value: a.value,
      })),
    });
  }
  for (const [couponId, uses] of couponUses) {
    await db.coupon.update({ where: { id: couponId }, data: { uses: { increment: uses } } });
  }
  for (const c of commissions) {
    const invoiceId = invoiceIds.get(c.uniqueId)!;
    await db.affiliateCommission.create({
      data: {
        affiliate_id: c.affiliate.id,
        invoice_id: invoiceId,
        amount_usd: c.amount,
        credited_at: c.at,
        reversed_at: c.reversed ? new Date(c.at.getTime() + 48 * HOUR_MS) : null,
      },
    });
    await db.affiliateWalletEntry.create({
      data: { affiliate_id: c.affiliate.id, amount_usd: c.amount, kind: "commission", invoice_id: invoiceId, created_at: c.at },
    });
    if (c.reversed) {
      await db.affiliateWalletEntry.create({
        data: {
          affiliate_id: c.affiliate.id,
          amount_usd: c.amount.neg(),
          kind: "reversal",
          invoice_id: invoiceId,
          created_at: new Date(c.at.getTime() + 48 * HOUR_MS),
        },
      });
    }
  }
  return { invoiceCount: created.length };
}
