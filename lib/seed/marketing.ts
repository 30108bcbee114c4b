import { NOTIFICATION_EVENTS } from "../notifications/events";
import { Prisma } from "../db";
import { randomId } from "../crypto/tokens";
import { DAY_MS, daysAgo, type SeedContext } from "./context";
import type { SeededProduct } from "./catalog";

const FIRST_NAMES = ["alex", "sam", "jordan", "taylor", "morgan", "casey", "riley", "jamie", "drew", "quinn", "avery", "parker"];
const DOMAINS = ["example.com", "mail.test", "inbox.test", "gamer.test"];

export async function seedCustomers(context: SeedContext, shopId: number, count: number) {
  const { db, random } = context;
  const emails = new Set<string>();
  while (emails.size < count) emails.add(`${random.pick(FIRST_NAMES)}.${random.int(10, 999)}@${random.pick(DOMAINS)}`);
  return db.customer.createManyAndReturn({
    data: [...emails].map((email, index) => ({ shop_id: shopId, email, created_at: daysAgo(context, 220 - index) })),
    select: { id: true, email: true },
  });
}

export async function seedCoupons(context: SeedContext, shopId: number, restrictedTo: SeededProduct) {
  const { db } = context;
  const coupon = (data: Omit<Prisma.CouponUncheckedCreateInput, "shop_id" | "salt">) =>
    db.coupon.create({ data: { shop_id: shopId, salt: randomId(8), ...data } });
  const usable = [
    await coupon({ code: "WELCOME10", type: "percentage", discount: new Prisma.Decimal("10"), global: true, allowed_emails: [] }),
    await coupon({
      code: "FIVEOFF",
      type: "fixed",
      discount: new Prisma.Decimal("5.00"),
      global: false,
      allowed_emails: [],
      products: { create: [{ product_id: restrictedTo.id }] },
    }),
  ];
  await coupon({
    code: "SUMMER25",
    type: "percentage",
    discount: new Prisma.Decimal("25"),
    global: true,
    allowed_emails: [],
    expiration_date: daysAgo(context, 60),
  });
  await coupon({
    code: "LAUNCH50",
    type: "percentage",
    discount: new Prisma.Decimal("50"),
    global: true,
    allowed_emails: [],
    max_uses: 5,
    uses: 5,
  });
  await coupon({
    code: "VIPONLY",
    type: "fixed",
    discount: new Prisma.Decimal("15.00"),
    global: true,
    allowed_emails: ["vip@example.com"],
    max_uses: 100,
  });
  return usable;
}

export async function seedAffiliates(context: SeedContext, shopId: number, customers: { id: number }[]) {
  const { db } = context;
  const affiliates = [];
  for (const [index, customer] of customers.slice(0, 2).entries()) {
    affiliates.push(
      await db.affiliate.create({
        data: { shop_id: shopId, customer_id: customer.id, commission_percentage: new Prisma.Decimal(index === 0 ? "10" : "5") },
      }),
    );
  }
  return affiliates.map((a) => ({ id: a.id, commission: a.commission_percentage }));
}

/** An affiliate that was paid out before a refund clawed back its commission: its wallet is negative. */
export async function seedAffiliatePayout(context: SeedContext, affiliateId: number) {
  const { db } = context;
  const entries = await db.affiliateWalletEntry.findMany({
    where: { affiliate_id: affiliateId },
    select: { amount_usd: true, kind: true },
  });
  const credited = entries.filter((e) => e.kind === "commission").reduce((sum, e) => sum.add(e.amount_usd), new Prisma.Decimal(0));
  if (credited.gt(0)) {
    await db.affiliateWalletEntry.create({
      data: { affiliate_id: affiliateId, amount_usd: credited.neg(), kind: "payout", created_at: daysAgo(context, 3) },
    });
  }
}

export async function seedDealsAndOffers(context: SeedContext, shopId: number, products: Record<string, SeededProduct>) {
  const { db } = context;
  const steam = products.steam!;
  await db.quantityDeal.create({
    data: {
      shop_id: shopId,
      name: "Buy 3 Standard keys, get 1 at half price",
      product_id: steam.id,
      variant_id: steam.variants[0]!.id,
      buy_quantity: 3,
      discounted_quantity: 1,
      percentage: new Prisma.Decimal("50"),
      max_uses_per_cart: 2,
      priority: 10,
      enabled: true,
    },
  });
  await db.quantityDeal.create({
    data: {
      shop_id: shopId,
      name: "Gift card bulk: 5 + 1 free",
      product_id: products.giftcard!.id,
      buy_quantity: 5,
      discounted_quantity: 1,
      percentage: new Prisma.Decimal("100"),
      max_uses_per_cart: 1,
      priority: 5,
      enabled: true,
      starts_at: daysAgo(context, 10),
      ends_at: new Date(context.now.getTime() + 30 * DAY_MS),
    },
  });
  await db.quantityDeal.create({
    data: {
      shop_id: shopId,
      name: "Winter sale (draft)",
      product_id: steam.id,
      variant_id: steam.variants[1]!.id,
      buy_quantity: 2,
      discounted_quantity: 1,
      percentage: new Prisma.Decimal("20"),
      priority: 0,
      enabled: false,
    },
  });
  await db.bundleOffer.create({
    data: {
      shop_id: shopId,
      name: "Game + Gift card bundle",
      type: "percentage",
      discount: new Prisma.Decimal("15"),
      max_uses_per_cart: 1,
      priority: 10,
      enabled: true,
      items: { create: [{ product_id: steam.id }, { product_id: products.giftcard!.id }] },
    },
  });
  await db.bundleOffer.create({
    data: {
      shop_id: shopId,
      name: "Coaching starter pack",
      type: "fixed",
      discount: new Prisma.Decimal("10.00"),
      priority: 1,
      enabled: true,
      ends_at: new Date(context.now.getTime() + 60 * DAY_MS),
      items: { create: [{ product_id: products.coaching!.id }, { product_id: steam.id }] },
    },
  });
}

/** Subscriptions in each of the six statuses, with periods that match the status. */
export async function seedSubscriptions(context: SeedContext, shopId: number, product: SeededProduct, customers: { id: number }[]) {
  const { db, now } = context;
  const variant = product.variants[0]!;
  const month = 30 * DAY_MS;
  const plans: { status: string; start: number; extra?: Partial<Prisma.SubscriptionUncheckedCreateInput> }[] = [
    { status: "pending", start: 0 },
    { status: "trialing", start: -3 * DAY_MS, extra: { trial_ends_at: new Date(now.getTime() + 4 * DAY_MS) } },
    { status: "active", start: -10 * DAY_MS },
    { status: "active", start: -20 * DAY_MS, extra: { cancel_at_period_end: true } },
    { status: "past_due", start: -33 * DAY_MS },
    {
      status: "cancelled",
      start: -50 * DAY_MS,
      extra: { cancelled_at: new Date(now.getTime() - 25 * DAY_MS), ended_at: new Date(now.getTime() - 25 * DAY_MS) },
    },
    { status: "expired", start: -95 * DAY_MS, extra: { ended_at: new Date(now.getTime() - 5 * DAY_MS) } },
  ];
  for (const [index, plan] of plans.entries()) {
    const start = new Date(now.getTime() + plan.start);
    await db.subscription.create({
      data: {
        shop_id: shopId,
        customer_id: customers[(index + 3) % customers.length]!.id,
        product_id: product.id,
        variant_id: variant.id,
        status: plan.status,
        price: variant.price,
        interval: "month",
        current_period_start: plan.status === "pending" ? null : start,
        current_period_end: plan.status === "pending" ? null : new Date(start.getTime() + month),
        created_at: start,
        ...plan.extra,
      },
    });
  }
  // Active ones of customers of their own, which the dashboard's browser test and the webhook test cancel (the API tests take those above).
  for (const [email, daysAgo] of [
    [DASHBOARD_MEMBER_EMAIL, 15],
    [WEBHOOKS_MEMBER_EMAIL, 16],
  ] as const) {
    const member = await db.customer.create({
      data: { shop_id: shopId, email, created_at: new Date(now.getTime() - daysAgo * DAY_MS) },
    });
    const start = new Date(now.getTime() - daysAgo * DAY_MS);
    await db.subscription.create({
      data: {
        shop_id: shopId,
        customer_id: member.id,
        product_id: product.id,
        variant_id: variant.id,
        status: "active",
        price: variant.price,
        interval: "month",
        current_period_start: start,
        current_period_end: new Date(start.getTime() + month),
        created_at: start,
      },
    });
  }
}

export const DASHBOARD_MEMBER_EMAIL = "dashboard.member@example.com";
export const WEBHOOKS_MEMBER_EMAIL = "webhooks.member@example.com";

export async function seedNotifications(context: SeedContext, shopId: number) {
  const { db, random } = context;
  const samples = [
    {
      event: "invoice_completed",
      level: "success",
      title: "New order completed",
      description: "Steam Game Key (Standard) x1 for 19.99 USD",
      link: "/dashboard/invoices",
    },
    {
      event: "stock_low",
      level: "warning",
      title: "Stock running low",
      description: "Steam Game Key (Deluxe) has fewer than 50 keys left",
      link: "/dashboard/products",
    },
    {
      event: "stock_low",
      level: "warning",
      title: "Out of stock",
      description: "Steam Game Key (Collector's Edition) is out of stock",
      link: "/dashboard/products",
    },
    {
      event: "reseller_order",
      level: "info",
      title: "Reseller order",
      description: "Demo Reseller bought 2 keys through the API",
      link: "/dashboard/resellers",
    },
    {
      event: "subscription_cancelled",
      level: "info",
      title: "Subscription cancelled",
      description: "A VIP Membership subscription was cancelled",
      link: "/dashboard/subscriptions",
    },
  ];
  await db.notification.createMany({
    data: Array.from({ length: 18 }, (_, index) => {
      const sample = samples[index % samples.length]!;
      const createdAt = new Date(context.now.getTime() - (index * 9 + random.int(0, 8)) * 3_600_000);
      return { shop_id: shopId, ...sample, created_at: createdAt, read_at: index >= 6 ? new Date(createdAt.getTime() + 3_600_000) : null };
    }),
  });
  await db.notificationSettings.create({
    data: {
      shop_id: shopId,
      settings: Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, { dashboard: true, email: event !== "invoice_completed" }])),
    },
  });
}
