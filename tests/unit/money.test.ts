import { expect, test } from "vitest";
import { applyPercentDiscount, roundMoney } from "../../lib/money";

test("money rounds half up to cents, in Decimal", () => {
  expect(roundMoney("0.125").toFixed(2)).toBe("0.13");
  expect(roundMoney("0.1").add("0.2").toFixed(2)).toBe("0.30");
  expect(applyPercentDiscount("19.99", "5").toFixed(2)).toBe("18.99");
});
