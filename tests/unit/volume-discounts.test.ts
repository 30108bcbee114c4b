import { describe, expect, test } from "vitest";
import { Decimal } from "../../lib/money";
import { calculateCartPrice, type CartLine } from "../../lib/pricing/calculator";
import { volumeTierFor, type QuantityDealRule, type VolumeDiscountRule } from "../../lib/pricing/promotions";

/** The products' volume discounts in lib/pricing/calculator.ts: tiers by line quantity, before the coupon. */

const NOW = new Date("2026-12-05T12:00:00Z");
const line = (productId: number, unitPrice: string, quantity: number): CartLine => ({
  productId,
  variantId: productId * 10,
  unitPrice: new Decimal(unitPrice),
  quantity,
});
const tiers = [
  { qty: 5, percent: 10 },
  { qty: 2, percent: 5 },
  { qty: 10, percent: 20 },
];
const rule = (overrides: Partial<VolumeDiscountRule> = {}): VolumeDiscountRule => ({
  productId: 1,
  tiers,
  disableIfCoupon: false,
  ...overrides,
});
const price = (lines: CartLine[], extra: Partial<Parameters<typeof calculateCartPrice>[0]> = {}) =>
  calculateCartPrice({ lines, now: NOW, volumeDiscounts: [rule()], ...extra });

describe("volume discounts", () => {
  test("the largest tier the line's quantity reaches applies", () => {
    expect(volumeTierFor(tiers, 1)).toBeNull();
    expect(volumeTierFor(tiers, 4)).toEqual({ qty: 2, percent: 5 });
    expect(volumeTierFor(tiers, 9)).toEqual({ qty: 5, percent: 10 });
    expect(volumeTierFor(tiers, 50)).toEqual({ qty: 10, percent: 20 });
  });

  test("a line below every tier pays full price; one reaching a tier gets its percent off", () => {
    expect(price([line(1, "10.00", 1)]).total.toFixed(2)).toBe("10.00");
    const priced = price([line(1, "10.00", 5)]);
    expect(priced.lines[0]!.discount.toFixed(2)).toBe("5.00");
    expect(priced.total.toFixed(2)).toBe("45.00");
    expect(priced.promotions).toEqual([{ kind: "volume_discount", id: 1, uses: 1, discount: new Decimal("5.00") }]);
  });

  test("only the product's lines, each on its own quantity", () => {
    const priced = price([line(1, "3.33", 2), line(2, "10.00", 10), line(1, "1.00", 1)]);
    expect(priced.lines.map((l) => l.discount.toFixed(2))).toEqual(["0.33", "0.00", "0.00"]);
  });

  test("the coupon applies to what the lines cost after the volume discount", () => {
    const priced = price([line(1, "10.00", 10)], { coupon: { type: "percentage", discount: new Decimal(10), productIds: null } });
    expect(priced.promotionDiscount.toFixed(2)).toBe("20.00");
    expect(priced.couponDiscount.toFixed(2)).toBe("8.00");
    expect(priced.total.toFixed(2)).toBe("72.00");
  });

  test("disabled when a coupon covering the product applies; kept when the coupon covers other products only", () => {
    const disabled = [rule({ disableIfCoupon: true })];
    const global = price([line(1, "10.00", 10)], {
      volumeDiscounts: disabled,
      coupon: { type: "fixed", discount: new Decimal(1), productIds: null },
    });
    expect(global.promotionDiscount.toFixed(2)).toBe("0.00");
    expect(global.total.toFixed(2)).toBe("99.00");
    const other = price([line(1, "10.00", 10)], {
      volumeDiscounts: disabled,
      coupon: { type: "fixed", discount: new Decimal(1), productIds: [2] },
    });
    expect(other.promotionDiscount.toFixed(2)).toBe("20.00");
  });

  test("units a quantity deal used are not discounted again", () => {
    const deal: QuantityDealRule = {
      kind: "quantity_deal",
      id: 7,
      productId: 1,
      variantId: null,
      buyQuantity: 1,
      discountedQuantity: 1,
      percentage: new Decimal(50),
      maxUsesPerCart: 1,
      priority: 0,
      enabled: true,
      startsAt: null,
      endsAt: null,
    };
    // 5 units: 2 taken by the deal (one at 50 % off = 5.00), the 3 others at the 10 % tier (3.00)
    const priced = price([line(1, "10.00", 5)], { promotions: [deal] });
    expect(priced.promotionDiscount.toFixed(2)).toBe("8.00");
  });
});
