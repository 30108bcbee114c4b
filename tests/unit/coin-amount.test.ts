import { expect, test } from "vitest";
import { coinAmount, coinString, Decimal } from "../../lib/money";

/** The amount a buyer sends in BTC/LTC: total / rate, rounded UP to the satoshi (lib/money.ts coinAmount). */

test("a coin amount is the total over the rate, rounded up to 8 decimals", () => {
  // 39.98 / 67012.5 = 0.000596605...: up, never to the nearest
  expect(coinString(coinAmount("39.98", "67012.5"))).toBe("0.00059661");
  // 1 / 3 = 0.333333333...: nearest would be ...33, which underpays
  expect(coinString(coinAmount("1.00", "3"))).toBe("0.33333334");
  expect(coinString(coinAmount(new Decimal("25.00"), new Decimal("61990.1")))).toBe("0.00040330");
});

test("an exact quotient is not rounded further", () => {
  expect(coinString(coinAmount("100.00", "50"))).toBe("2.00000000");
  expect(coinString(coinAmount("0.50", "50000"))).toBe("0.00001000");
});

test("the smallest total at the largest rate is still one satoshi, never zero", () => {
  expect(coinString(coinAmount("0.01", "99999999.99"))).toBe("0.00000001");
});

test("a remainder far below a satoshi still rounds up (the division keeps it)", () => {
  // 10.00 / 9.99999999999999999999 = 1.000000000000000000001...
  expect(coinString(coinAmount("10.00", "9.99999999999999999999"))).toBe("1.00000001");
});

test("the amount times the rate covers the total", () => {
  for (const [total, rate] of [
    ["39.98", "67012.5"],
    ["19.99", "71.23"],
    ["1234.56", "0.07"],
    ["0.01", "0.00000003"],
  ] as const) {
    const amount = coinAmount(total, rate);
    expect(amount.mul(rate).gte(total), `${total} / ${rate}`).toBe(true);
    expect(amount.minus("0.00000001").mul(rate).lt(total), `${total} / ${rate} is the least such amount`).toBe(true);
  }
});

test("a rate that is zero, negative or not a number is refused", () => {
  expect(() => coinAmount("10.00", "0")).toThrow(RangeError);
  expect(() => coinAmount("10.00", "-5")).toThrow(RangeError);
  expect(() => coinAmount("10.00", "NaN")).toThrow(RangeError);
});
