import { expect, test } from "vitest";
import { checkoutType, PAYMENT_REFERENCE_COLUMNS } from "../../lib/abandoned-checkouts/abandoned";

const noReferences = Object.fromEntries(PAYMENT_REFERENCE_COLUMNS.map((column) => [column, null])) as Parameters<typeof checkoutType>[0];

test("a checkout without any payment reference is `created`, with one it is `pending`", () => {
  expect(checkoutType(noReferences)).toBe("created");
  for (const column of PAYMENT_REFERENCE_COLUMNS) {
    expect(checkoutType({ ...noReferences, [column]: "ref" }), column).toBe("pending");
  }
});
