import { Prisma } from "../db";
import { rotateResellerApiKey } from "../auth/api-keys";
import { randomId, randomToken } from "../crypto/tokens";
import { encryptSecret } from "../crypto/secrets";
import { newDynamicToken, storedDynamicToken } from "../reseller/credentials";
import { applyPercentDiscount } from "../money";
import { daysAgo, type SeedContext } from "./context";
import { serialKey, type SeededProduct } from "./catalog";

export async function seedResellerTiers({ db }: SeedContext, shopId: number) {
  const tier = (name: string, discount: string, minSpent: string, minSales: number) =>
    db.resellerTier.create({
      data: {
        shop_id: shopId,
        name,
        discount_percentage: new Prisma.Decimal(discount),
        min_spent_usd: new Prisma.Decimal(minSpent),
        min_sales_count: minSales,
      },
    });
  return [await tier("Bronze", "5", "0", 0), await tier("Silver", "10", "500", 10), await tier("Gold", "15", "2500", 50)];
}

type ResellerPlan = {
  shopId: number;
  userId: number;
  status: "pending" | "approved" | "suspended";
  signingSecret?: string;
  creditUsd?: string;
};

/** A reseller of one shop, with an API key when approved and an opening balance credit. */
export async function seedReseller(context: SeedContext, plan: ResellerPlan) {
  const { db } = context;
  const signingSecret = plan.signingSecret ?? randomToken("rss_");
  const dynamicToken = newDynamicToken();
  const reseller = await db.reseller.create({
    data: {
      shop_id: plan.shopId,
      user_id: plan.userId,
      status: plan.status,
      signing_secret: encryptSecret(signingSecret),
      ...storedDynamicToken(dynamicToken),
      approved_at: plan.status === "pending" ? null : daysAgo(context, 40),
      created_at: daysAgo(context, 45),
    },
  });
  const apiKey = plan.status === "pending" ? null : await rotateResellerApiKey(db, reseller.id);
  if (plan.creditUsd) {
    const amount = new Prisma.Decimal(plan.creditUsd);
    await db.resellerLedgerEntry.create({
      data: {
        reseller_id: reseller.id,
        amount_usd: amount,
        balance_after: amount,
        kind: "credit",
        reason: "Opening balance",
        created_at: daysAgo(context, 40),
      },
    });
  }
  return { reseller, apiKey, signingSecret, dynamicToken };
}

/**
 * A few past API purchases of the demo reseller, charged to its ledger at the
 * first tier's discount, with their serials delivered.
 */
export async function seedResellerOrders(
  context: SeedContext,
  resellerId: number,
  shopId: number,
  product: SeededProduct,
  discountPercent: Prisma.Decimal,
) {
  const { db, random } = context;
  const variant = product.variants[0]!;
  const last = await db.resellerLedgerEntry.findFirstOrThrow({ where: { reseller_id: resellerId }, orderBy: { id: "desc" } });
  let balance = last.balance_after;
  for (let index = 0; index < 6; index++) {
    const quantity = random.int(1, 3);
    const unit = applyPercentDiscount(variant.price, discountPercent);
    const total = unit.mul(quantity);
    const at = daysAgo(context, 30 - index * 4);
    const source = index % 3 === 2 ? "dynamic" : "api";
    const invoice = await db.invoice.create({
      data: {
        shop_id: shopId,
        unique_id: randomId(8),
        status: "completed",
        product_id: product.id,
        variant_id: variant.id,
        price: total,
        price_usd: total,
        paid: total,
        paid_usd: total,
        gateway: "RESELLER",
        email: "reseller@shopdesk.test",
        salt: randomId(8),
        amount: quantity,
        reseller_id: resellerId,
        reseller_source: source,
        created_at: at,
        completed_at: at,
      },
    });
    const keys = Array.from({ length: quantity }, () => serialKey(context, "RSL"));
    const item = await db.invoiceItem.create({
      data: {
        invoice_id: invoice.id,
        product_id: product.id,
        variant_id: variant.id,
        product_name: product.name,
        variant_name: variant.name,
        quantity,
        unit_price: unit,
        total_price: total,
        total_price_usd: total,
        reseller_discount: discountPercent,
        status: "completed",
        delivered: keys,
        created_at: at,
      },
    });
    await db.stockItem.createMany({
      data: keys.map((value) => ({ variant_id: variant.id, value, invoice_item_id: item.id, delivered_at: at, created_at: at })),
    });
    balance = balance.sub(total);
    await db.resellerLedgerEntry.create({
      data: {
        reseller_id: resellerId,
        amount_usd: total.neg(),
        balance_after: balance,
        kind: "charge",
        reason: `Invoice ${invoice.unique_id}`,
        invoice_id: invoice.id,
        created_at: at,
      },
    });
  }
}
