import type { PrismaClient } from "../db";
import { appUrl } from "../env";
import { seedAccounts, DEMO_ACCOUNTS } from "./accounts";
import { addUnsoldStock, seedCustomFields, seedGroups, seedProducts, type ProductPlan } from "./catalog";
import type { SeedContext } from "./context";
import {
  seedAffiliatePayout,
  seedAffiliates,
  seedCoupons,
  seedCustomers,
  seedDealsAndOffers,
  seedNotifications,
  seedSubscriptions,
} from "./marketing";
import { seedOrders } from "./orders";
import { createRandom } from "./random";
import { seedReseller, seedResellerOrders, seedResellerTiers } from "./resellers";
import { ALL_METHODS, seedShop } from "./shops";

/** The demo seller's first shop's subdomain: its storefront is /s/pixelkeys. */
export const DEMO_STOREFRONT = "pixelkeys";

/** What `npm run db:seed -- --json` prints (API-CONVENTIONS.md, "Demo data contract"). */
export type DemoCredentials = {
  seller: { email: string; password: string; apiKey: string; shopIds: number[] };
  otherSeller: { email: string; password: string; apiKey: string; shopIds: number[] };
  reseller: { email: string; password: string; apiKey: string; signingSecret: string; dynamicToken: string; shopId: number };
};

const UNSOLD_STANDARD_KEYS = 650;
const UNSOLD_DELUXE_KEYS = 60;
const UNSOLD_GIFT_CARDS = 300;

/**
 * Builds the whole demo on an empty database. Shops are created in the order
 * seller, seller, other seller, so the demo shop ids are 1, 2 and 3 on a
 * fresh database.
 */
export async function seedDemo(db: PrismaClient): Promise<DemoCredentials> {
  const context: SeedContext = { db, random: createRandom(20261123), now: new Date() };
  const { users, sellerKey, otherSellerKey } = await seedAccounts(context);

  const main = await seedShop(context, {
    ownerId: users.seller.id,
    name: "Pixel Keys",
    subdomain: DEMO_STOREFRONT,
    description: "Game keys, gift cards and coaching, delivered instantly.",
    methods: ALL_METHODS,
    payments: true,
  });
  const second = await seedShop(context, {
    ownerId: users.seller.id,
    name: "Pixel Keys Outlet",
    subdomain: "pixelkeys-outlet",
    description: "Clearance keys at outlet prices.",
    methods: ["BTC", "CARDPROC"],
    payments: false,
  });
  const supplier = await seedShop(context, {
    ownerId: users.otherSeller.id,
    name: "Card Wholesale",
    subdomain: "cardwholesale",
    description: "Gift card codes for resellers.",
    methods: ["CARDPROC", "LTC"],
    payments: false,
  });

  // The supplier shop sells gift-card codes; the demo seller resells them
  // through the dynamic receiver, signing with the main shop's secret.
  const supplierCatalog = await seedSimpleShop(context, supplier.shop.id, "Gift Card Codes", "$25 Card", "25.00", "WCARD");
  await addUnsoldStock(context, supplierCatalog.variants[0]!, UNSOLD_GIFT_CARDS, "WCARD");
  await seedResellerTiers(context, supplier.shop.id);
  const sellerAsReseller = await seedReseller(context, {
    shopId: supplier.shop.id,
    userId: users.seller.id,
    status: "approved",
    signingSecret: main.dynamicSecret,
    creditUsd: "5000.00",
  });
  const giftCardUrl = `${appUrl()}/v1/reseller/dynamic/${sellerAsReseller.dynamicToken}?product_id=${supplierCatalog.id}&variant_id=${supplierCatalog.variants[0]!.id}`;

  const mainShopId = main.shop.id;
  const customFields = await seedCustomFields(context, mainShopId);
  const groups = await seedGroups(context, mainShopId, main.images.products[0]!.id);
  const plans: ProductPlan[] = [
    {
      key: "steam",
      name: "Steam Game Key",
      deliverablesType: "serials",
      groupKey: "games",
      imageIds: [main.images.products[0]!.id],
      customFieldKeys: ["discord", "region"],
      description: "A Steam key for the base game, redeemable worldwide.",
      variants: [
        { name: "Standard", price: "19.99", serials: UNSOLD_STANDARD_KEYS },
        { name: "Deluxe", price: "34.99", serials: UNSOLD_DELUXE_KEYS },
        { name: "Collector's Edition", price: "59.99", serials: 0 },
      ],
    },
    {
      key: "giftcard",
      name: "Gift Card (instant)",
      deliverablesType: "dynamic",
      groupKey: "games",
      imageIds: [main.images.products[1]!.id],
      description: "A $25 gift card code fetched from our supplier the moment you pay.",
      variants: [{ name: "$25", price: "29.99", dynamicUrl: giftCardUrl }],
    },
    {
      key: "coaching",
      name: "1:1 Coaching Session",
      deliverablesType: "service",
      groupKey: "services",
      imageIds: [main.images.products[2]!.id],
      customFieldKeys: ["discord", "steamProfile"],
      description: "One hour of coaching with a top-ranked player.",
      variants: [
        { name: "1 hour", price: "24.99", serviceStock: 10 },
        { name: "3 hours", price: "64.99", serviceStock: 4 },
      ],
    },
    {
      key: "vip",
      name: "VIP Membership",
      deliverablesType: "service",
      groupKey: "services",
      description: "Monthly VIP role with early access to sales.",
      variants: [{ name: "Monthly", price: "9.99", serviceStock: null }],
    },
  ];
  const products = await seedProducts(context, mainShopId, plans, groups, customFields);
  const byKey = Object.fromEntries(products.map((product) => [product.key, product]));
  const steam = byKey.steam!;

  const customers = await seedCustomers(context, mainShopId, 60);
  const coupons = await seedCoupons(context, mainShopId, steam);
  const affiliates = await seedAffiliates(context, mainShopId, customers);
  await seedOrders(context, {
    shopId: mainShopId,
    count: 320,
    days: 210,
    products: products.filter((product) => product.key !== "vip"),
    customers,
    coupons: coupons.map((c) => ({ id: c.id, type: c.type, discount: c.discount, code: c.code })),
    affiliates,
    customFieldIds: { discord: customFields.discord.id, region: customFields.region.id },
    serialPrefix: "STEAM",
  });
  if (affiliates[1]) await seedAffiliatePayout(context, affiliates[1].id);
  for (const variant of steam.variants) {
    await addUnsoldStock(context, variant, variant.plan.serials ?? 0, "STEAM");
  }
  await seedDealsAndOffers(context, mainShopId, byKey);
  await seedSubscriptions(context, mainShopId, byKey.vip!, customers);
  await seedNotifications(context, mainShopId);

  // Resellers of the main shop: the demo reseller (approved, a balance over
  // 1000 USD after its orders, Bronze with Silver next), one pending, one suspended.
  const tiers = await seedResellerTiers(context, mainShopId);
  const reseller = await seedReseller(context, { shopId: mainShopId, userId: users.reseller.id, status: "approved", creditUsd: "1500.00" });
  await seedResellerOrders(context, reseller.reseller.id, mainShopId, steam, tiers[0]!.discount_percentage);
  await seedReseller(context, { shopId: mainShopId, userId: users.pendingReseller.id, status: "pending" });
  await seedReseller(context, { shopId: mainShopId, userId: users.suspendedReseller.id, status: "suspended", creditUsd: "40.00" });

  // The two smaller shops get a short history of their own.
  const outlet = await seedSimpleShop(context, second.shop.id, "Indie Game Key", "Standard", "7.49", "INDIE");
  await seedShortHistory(context, second.shop.id, outlet, "INDIE");
  await addUnsoldStock(context, outlet.variants[0]!, 40, "INDIE");
  await seedShortHistory(context, supplier.shop.id, supplierCatalog, "WCARD");
  await seedNotifications(context, supplier.shop.id);

  return {
    seller: {
      email: DEMO_ACCOUNTS.seller.email,
      password: DEMO_ACCOUNTS.seller.password,
      apiKey: sellerKey,
      shopIds: [main.shop.id, second.shop.id],
    },
    otherSeller: {
      email: DEMO_ACCOUNTS.otherSeller.email,
      password: DEMO_ACCOUNTS.otherSeller.password,
      apiKey: otherSellerKey,
      shopIds: [supplier.shop.id],
    },
    reseller: {
      email: DEMO_ACCOUNTS.reseller.email,
      password: DEMO_ACCOUNTS.reseller.password,
      apiKey: reseller.apiKey!,
      signingSecret: reseller.signingSecret,
      dynamicToken: reseller.dynamicToken,
      shopId: mainShopId,
    },
  };
}

/** A one-product serial catalog for the smaller shops. */
async function seedSimpleShop(context: SeedContext, shopId: number, productName: string, variantName: string, price: string, key: string) {
  const [product] = await seedProducts(
    context,
    shopId,
    [
      {
        key,
        name: productName,
        deliverablesType: "serials",
        description: `${productName}, delivered instantly.`,
        variants: [{ name: variantName, price }],
      },
    ],
    {},
    {},
  );
  return product!;
}

async function seedShortHistory(context: SeedContext, shopId: number, product: Awaited<ReturnType<typeof seedSimpleShop>>, prefix: string) {
  const customers = await seedCustomers(context, shopId, 12);
  await seedOrders(context, {
    shopId,
    count: 25,
    days: 90,
    products: [product],
    customers,
    coupons: [],
    affiliates: [],
    customFieldIds: null,
    serialPrefix: prefix,
  });
}
