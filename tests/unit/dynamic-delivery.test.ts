import { expect, test } from "vitest";
import { dueOnRead, dynamicRequest, RESELLER_DELIVERY, SELLER_DELIVERY } from "../../lib/dynamic/delivery";

const invoice = { id: 7, unique_id: "abc123", email: "buyer@example.test", shop_id: 1 };
const item = { id: 42, product_id: 3, variant_id: 4, product_name: "Gift Card", variant_name: "$25", quantity: 2 };

test("both policies send one payload; the seller's attempts are new requests, the reseller's repeat the first", () => {
  const seller = [1, 2].map((attempt) => dynamicRequest(SELLER_DELIVERY, invoice, item, attempt));
  const reseller = [1, 2, 5].map((attempt) => dynamicRequest(RESELLER_DELIVERY, invoice, item, attempt));
  expect(seller[0]!.payload).toEqual({ invoice, item });
  for (const request of [...seller, ...reseller]) expect(request.payload).toEqual(seller[0]!.payload);
  expect(seller.map((request) => request.idempotencyKey)).toEqual([
    "shopdesk-invoice-item-42-attempt-1",
    "shopdesk-invoice-item-42-attempt-2",
  ]);
  expect(new Set(reseller.map((request) => request.idempotencyKey))).toEqual(new Set(["shopdesk-invoice-item-42-attempt-1"]));
});

test("a read calls again only the reseller's pending items that are due, a minute apart and at most five times", () => {
  const now = Date.parse("2026-12-01T12:00:00Z");
  const ago = (ms: number) => new Date(now - ms);
  const items = [
    { id: 1, status: "pending", dynamic_attempts: 0, dynamic_last_at: null },
    { id: 2, status: "pending", dynamic_attempts: 1, dynamic_last_at: ago(61_000) },
    { id: 3, status: "pending", dynamic_attempts: 1, dynamic_last_at: ago(30_000) },
    { id: 4, status: "pending", dynamic_attempts: 5, dynamic_last_at: ago(3_600_000) },
    { id: 5, status: "completed", dynamic_attempts: 1, dynamic_last_at: null },
  ];
  expect(dueOnRead(RESELLER_DELIVERY, items, now)).toEqual([1, 2]);
  expect(dueOnRead(SELLER_DELIVERY, items, now)).toEqual([]);
});
