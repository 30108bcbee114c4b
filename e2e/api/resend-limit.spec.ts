import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/api";
import { invoiceAction } from "../support/invoices";

/**
 * resend-email to addresses other than the invoice's own is limited per shop
 * (FOREIGN_RESEND_LIMIT in lib/invoices/edits.ts: 10 an hour), so a stolen
 * key cannot make a shop a relay of mail to anyone. The burst runs on the
 * seller's second shop: reaching the limit blocks that shop's foreign
 * resends for the rest of the hour, and no other spec resends there.
 */
const FOREIGN_RESEND_LIMIT = 10;

async function firstInvoice(client: APIRequestContext, shopId: number) {
  const response = await client.get(`/v1/shops/${shopId}/invoices?perPage=1`);
  expect(response.status()).toBe(200);
  return (await response.json()).data[0] as { id: number; email: string };
}

test("a burst of resends to foreign addresses: 429 with Retry-After past the limit; the invoice's own address is not limited", async ({
  seller,
  otherSeller,
  seed,
  foreignShopId,
}) => {
  const shopId = seed.seller.shopIds[1]!;
  const invoice = await firstInvoice(seller, shopId);
  const responses = await Promise.all(
    Array.from({ length: 30 }, () =>
      invoiceAction(seller, shopId, invoice.id, "resend-email", { email: `stranger-${randomUUID()}@example.test` }),
    ),
  );
  const sent = responses.filter((response) => response.status() === 200);
  const refused = responses.filter((response) => response.status() === 429);
  expect(sent).toHaveLength(FOREIGN_RESEND_LIMIT);
  expect(refused).toHaveLength(30 - FOREIGN_RESEND_LIMIT);
  for (const response of refused) {
    expect(await response.json()).toEqual({ message: "Too Many Attempts." });
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
  }
  const later = await invoiceAction(seller, shopId, invoice.id, "resend-email", { email: `stranger-${randomUUID()}@example.test` });
  expect(later.status()).toBe(429);

  // The invoice's own address: omitted, or written out in another case.
  for (const data of [{}, { email: invoice.email.toUpperCase() }, { email: invoice.email }]) {
    const own = await invoiceAction(seller, shopId, invoice.id, "resend-email", data);
    expect(own.status(), await own.text()).toBe(200);
    expect((await own.json()).id).toBe(invoice.id);
  }

  // The limit is the shop's: another shop still sends.
  const elsewhere = await firstInvoice(otherSeller, foreignShopId);
  const other = await invoiceAction(otherSeller, foreignShopId, elsewhere.id, "resend-email", {
    email: `stranger-${randomUUID()}@example.test`,
  });
  expect(other.status(), await other.text()).toBe(200);
});
