import { expect, test } from "vitest";
import { Prisma } from "../../lib/db";
import type { ResellerTier } from "../../lib/generated/prisma/client";
import { quantityOf } from "../../lib/reseller/receiver";
import { earnedTier } from "../../lib/reseller/tiers";

const tier = (id: number, name: string, discount: string, minSpent: string, minSales: number) =>
  ({
    id,
    shop_id: 1,
    name,
    discount_percentage: new Prisma.Decimal(discount),
    min_spent_usd: new Prisma.Decimal(minSpent),
    min_sales_count: minSales,
    image_url: null,
    created_at: new Date(),
    updated_at: new Date(),
  }) as ResellerTier;

const ladder = [tier(3, "Gold", "15", "2500", 50), tier(1, "Bronze", "5", "0", 0), tier(2, "Silver", "10", "500", 10)];
const history = (spent: string, orders: number) => ({ spentUsd: new Prisma.Decimal(spent), orders });

test("the earned tier needs both thresholds; the next tier is the one above", () => {
  expect(earnedTier(ladder, history("0", 0))).toMatchObject({ tier: { name: "Bronze" }, next: { name: "Silver" } });
  expect(earnedTier(ladder, history("499.99", 40))).toMatchObject({ tier: { name: "Bronze" }, next: { name: "Silver" } });
  expect(earnedTier(ladder, history("500", 9))).toMatchObject({ tier: { name: "Bronze" } });
  expect(earnedTier(ladder, history("500", 10))).toMatchObject({ tier: { name: "Silver" }, next: { name: "Gold" } });
  expect(earnedTier(ladder, history("9000", 50))).toMatchObject({ tier: { name: "Gold" }, next: null });
  expect(earnedTier([], history("10", 1))).toEqual({ tier: null, next: null });
});

test("the receiver's item.quantity is a positive integer", () => {
  expect(quantityOf('{"item":{"quantity":3}}')).toBe(3);
  expect(quantityOf('{"item":{"quantity":"2"}}')).toBe(2);
  for (const bad of [
    '{"item":{"quantity":0}}',
    '{"item":{"quantity":-1}}',
    '{"item":{"quantity":1.5}}',
    '{"item":{}}',
    '{"quantity":1}',
    "[]",
    "null",
    "x",
    '{"item":{"quantity":"1e3"}}',
  ]) {
    expect(quantityOf(bad)).toBeNull();
  }
});
