import { describe, expect, test } from "vitest";
import { Decimal, type Money } from "../../lib/money";
import { allocateCents } from "../../lib/pricing/allocate";
import { calculateCartPrice, type CartLine } from "../../lib/pricing/calculator";
import { gatewayFeeLine } from "../../lib/checkout/gateway-fee-line";
import type { BundleOfferRule, QuantityDealRule } from "../../lib/pricing/promotions";

/** Worked examples of lib/pricing/calculator.ts; prices of the demo shop. */

const NOW = new Date("2026-11-23T12:00:00Z");
const STEAM = 1;
const GIFT = 2;
const COACHING = 3;
const STANDARD = 11;
const DELUXE = 12;

const line = (productId: number, variantId: number, unitPrice: string, quantity: number): CartLine => ({
  productId,
  variantId,
  unitPrice: new Decimal(unitPrice),
  quantity,
});
const standard = (quantity: number) => line(STEAM, STANDARD, "19.99", quantity);
const deluxe = (quantity: number) => line(STEAM, DELUXE, "34.99", quantity);
const gift = (quantity: number) => line(GIFT, 21, "29.99", quantity);
const coaching = (quantity: number) => line(COACHING, 31, "24.99", quantity);

function deal(overrides: Partial<QuantityDealRule> = {}): QuantityDealRule {
  return {
    kind: "quantity_deal",
    id: 1,
    productId: STEAM,
    variantId: STANDARD,
    buyQuantity: 3,
    discountedQuantity: 1,
    percentage: new Decimal(50),
    maxUsesPerCart: null,
    priority: 10,
    enabled: true,
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
}

function bundle(overrides: Partial<BundleOfferRule> = {}): BundleOfferRule {
  return {
    kind: "bundle_offer",
    id: 1,
    type: "percentage",
    discount: new Decimal(15),
    productIds: [STEAM, GIFT],
    maxUsesPerCart: 1,
    priority: 10,
    enabled: true,
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
}

const money = (value: Money) => value.toFixed(2);

describe("cart pricing", () => {
  test("without promotions a line is unit price x quantity", () => {
    const price = calculateCartPrice({ lines: [standard(2), gift(1)], now: NOW });
    expect(money(price.subtotal)).toBe("69.97");
    expect(money(price.total)).toBe("69.97");
    expect(price.promotions).toEqual([]);
  });

  test("buy 3 get 1 at 50 %: the fourth unit is half price, rounded half-up once", () => {
    // 4 x 19.99 = 79.96; 19.99 x 50 % = 9.995 -> 10.00
    const price = calculateCartPrice({ lines: [standard(4)], promotions: [deal()], now: NOW });
    expect(money(price.subtotal)).toBe("79.96");
    expect(money(price.promotionDiscount)).toBe("10.00");
    expect(money(price.total)).toBe("69.96");
    expect(money(price.lines[0]!.total)).toBe("69.96");
    expect(price.promotions).toMatchObject([{ kind: "quantity_deal", id: 1, uses: 1 }]);
  });

  test("a deal applies once per full group, at most max_uses_per_cart times", () => {
    // 3 units: no full group of 4
    expect(money(calculateCartPrice({ lines: [standard(3)], promotions: [deal()], now: NOW }).total)).toBe("59.97");
    // 7 units: one group; 139.93 - 10.00
    expect(money(calculateCartPrice({ lines: [standard(7)], promotions: [deal()], now: NOW }).total)).toBe("129.93");
    // 12 units, two uses allowed: 2 x 9.995 = 19.99 exactly (rounded once, not per use)
    const capped = calculateCartPrice({ lines: [standard(12)], promotions: [deal({ maxUsesPerCart: 2 })], now: NOW });
    expect(money(capped.promotionDiscount)).toBe("19.99");
    expect(money(capped.total)).toBe("219.89");
    expect(capped.promotions[0]!.uses).toBe(2);
    // without a cap: three uses
    expect(calculateCartPrice({ lines: [standard(12)], promotions: [deal()], now: NOW }).promotions[0]!.uses).toBe(3);
  });

  test("a product-wide deal pools the variants and discounts the cheapest unit of each group", () => {
    // buy 1 get 1 free over the whole product: the group is [Deluxe, Standard]; Standard is free
    const price = calculateCartPrice({
      lines: [standard(1), deluxe(1)],
      promotions: [deal({ variantId: null, buyQuantity: 1, discountedQuantity: 1, percentage: new Decimal(100) })],
      now: NOW,
    });
    expect(money(price.lines[0]!.discount)).toBe("19.99");
    expect(money(price.lines[1]!.discount)).toBe("0.00");
    expect(money(price.total)).toBe("34.99");
  });

  test("a variant deal ignores the product's other variants", () => {
    const price = calculateCartPrice({ lines: [deluxe(4)], promotions: [deal()], now: NOW });
    expect(money(price.total)).toBe("139.96");
  });

  test("disabled, not yet started and ended promotions do nothing; the window is inclusive", () => {
    const lines = [standard(4)];
    const total = (rule: QuantityDealRule) => money(calculateCartPrice({ lines, promotions: [rule], now: NOW }).total);
    expect(total(deal({ enabled: false }))).toBe("79.96");
    expect(total(deal({ startsAt: new Date("2026-11-24T00:00:00Z") }))).toBe("79.96");
    expect(total(deal({ endsAt: new Date("2026-11-23T11:59:59Z") }))).toBe("79.96");
    expect(total(deal({ startsAt: NOW, endsAt: NOW }))).toBe("69.96");
  });

  test("percentage bundle: one unit of each product, the discount spread over the lines in cents", () => {
    // (19.99 + 29.99) x 15 % = 7.497 -> 7.50, split 3.00 / 4.50 (2.9985 and 4.4985, largest remainder)
    const price = calculateCartPrice({ lines: [standard(2), gift(1)], promotions: [bundle()], now: NOW });
    expect(money(price.promotionDiscount)).toBe("7.50");
    expect(money(price.lines[0]!.discount)).toBe("3.00");
    expect(money(price.lines[1]!.discount)).toBe("4.50");
    expect(money(price.total)).toBe("62.47");
  });

  test("a bundle needs every product; uses are limited by the scarcest product and the cap", () => {
    expect(calculateCartPrice({ lines: [standard(3)], promotions: [bundle()], now: NOW }).promotions).toEqual([]);
    // fixed 10 off coaching + steam, no cap, 2 of each: two uses
    const fixed = bundle({ type: "fixed", discount: new Decimal("10"), productIds: [COACHING, STEAM], maxUsesPerCart: null });
    const price = calculateCartPrice({ lines: [standard(2), coaching(3)], promotions: [fixed], now: NOW });
    expect(price.promotions[0]!.uses).toBe(2);
    expect(money(price.promotionDiscount)).toBe("20.00");
    expect(money(price.total)).toBe("94.95");
  });

  test("a fixed bundle takes at most the units' price and never goes below zero", () => {
    const big = bundle({ type: "fixed", discount: new Decimal("999999") });
    const price = calculateCartPrice({ lines: [standard(1), gift(1)], promotions: [big], now: NOW });
    expect(money(price.promotionDiscount)).toBe("49.98");
    expect(money(price.total)).toBe("0.00");
  });

  test("higher priority goes first and a unit is used by one promotion only", () => {
    const lines = [standard(4), gift(1)];
    // equal priority: the deal first; it uses all four keys, so the bundle finds no key left
    const dealFirst = calculateCartPrice({ lines, promotions: [bundle(), deal()], now: NOW });
    expect(dealFirst.promotions.map((p) => p.kind)).toEqual(["quantity_deal"]);
    expect(money(dealFirst.total)).toBe("99.95");
    // bundle at higher priority: it takes one key and the card (7.50); three keys are left, not enough for the deal
    const bundleFirst = calculateCartPrice({ lines, promotions: [deal(), bundle({ priority: 20 })], now: NOW });
    expect(bundleFirst.promotions.map((p) => p.kind)).toEqual(["bundle_offer"]);
    expect(money(bundleFirst.total)).toBe("102.45");
    // with five keys both apply, to different units of the same line
    const both = calculateCartPrice({ lines: [standard(5), gift(1)], promotions: [deal(), bundle({ priority: 20 })], now: NOW });
    expect(both.promotions.map((p) => p.kind)).toEqual(["bundle_offer", "quantity_deal"]);
    expect(money(both.total)).toBe(new Decimal("129.94").minus("7.50").minus("10.00").toFixed(2));
  });

  test("equal priority and kind: the lower id first", () => {
    const a = deal({ id: 7, percentage: new Decimal(10) });
    const b = deal({ id: 3, percentage: new Decimal(100) });
    const price = calculateCartPrice({ lines: [standard(4)], promotions: [a, b], now: NOW });
    expect(price.promotions.map((p) => p.id)).toEqual([3]);
    expect(money(price.total)).toBe("59.97");
  });

  test("the coupon applies to what is left after promotions", () => {
    // 69.96 after the deal; 10 % = 6.996 -> 7.00
    const percent = calculateCartPrice({
      lines: [standard(4)],
      promotions: [deal()],
      coupon: { type: "percentage", discount: new Decimal(10), productIds: null },
      now: NOW,
    });
    expect(money(percent.couponDiscount)).toBe("7.00");
    expect(money(percent.total)).toBe("62.96");
    expect(money(percent.discount)).toBe("17.00");
    // a product coupon covers only its product's lines
    const restricted = calculateCartPrice({
      lines: [standard(1), gift(1)],
      coupon: { type: "fixed", discount: new Decimal(100), productIds: [GIFT] },
      now: NOW,
    });
    expect(money(restricted.couponDiscount)).toBe("29.99");
    expect(money(restricted.total)).toBe("19.99");
  });

  test("the payment method's fee or discount applies last, to the total after the coupon", () => {
    const coupon = { type: "percentage" as const, discount: new Decimal(10), productIds: null };
    // 2 x 19.99 = 39.98, less 10 % = 35.98 (3.998 rounds to 4.00); a 2.5 % fee on that is 0.8995: 0.90
    const fee = calculateCartPrice({ lines: [standard(2)], coupon, now: NOW, feePercent: new Decimal("2.5") });
    expect([fee.discount, fee.gatewayFee, fee.total].map(money)).toEqual(["4.00", "0.90", "36.88"]);
    // a negative percent is a discount; half a cent rounds away from zero, in the buyer's favour
    const discount = calculateCartPrice({ lines: [line(STEAM, STANDARD, "0.10", 1)], now: NOW, feePercent: new Decimal(-5) });
    expect([discount.gatewayFee, discount.total].map(money)).toEqual(["-0.01", "0.09"]);
    // never below zero, and none without a percent
    expect(money(calculateCartPrice({ lines: [standard(1)], now: NOW, feePercent: new Decimal(-100) }).total)).toBe("0.00");
    expect(money(calculateCartPrice({ lines: [standard(1)], now: NOW }).gatewayFee)).toBe("0.00");
    // and how a summary shows it
    expect(gatewayFeeLine("0.90")).toEqual({ label: "Payment method fee", amount: "0.90" });
    expect(gatewayFeeLine("-1.00")).toEqual({ label: "Payment method discount", amount: "−1.00" });
    expect(gatewayFeeLine("0.00")).toBeNull();
  });

  test("cents are allocated so the parts add up exactly", () => {
    expect(
      allocateCents(
        new Decimal("10.00"),
        [1, 1, 1].map(() => new Decimal(10).div(3)),
      ).map(money),
    ).toEqual(["3.34", "3.33", "3.33"]);
    expect(allocateCents(new Decimal("0.01"), [new Decimal("0.004"), new Decimal("0.006")]).map(money)).toEqual(["0.00", "0.01"]);
  });
});
