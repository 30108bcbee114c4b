import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { checkout, stockedProduct } from "../support/checkout";
import { changeBalance, createCustomer, uniqueEmail } from "../support/customers";
import { completeInvoice, createPendingInvoice, GIFT_CARD, invoiceAction, seededVariantId, type InvoiceView } from "../support/invoices";

/**
 * Customer store credit (docs/api.md, Customer store credit): the balance
 * route and its ledger, the CUSTOMERBALANCE gateway (one checkout of two
 * racing for the last credit wins), refund to credit and its unrefund.
 */

type Entry = { amount: number; balance_after: number; kind: string; description: string | null; invoice: { id: number } | null };

async function ledger(seller: APIRequestContext, shopId: number, customerId: number) {
  const response = await seller.get(`/v1/shops/${shopId}/customers/${customerId}/balance`, { params: { perPage: 100 } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { data: Entry[]; total: number };
}

async function balanceOf(seller: APIRequestContext, shopId: number, customerId: number): Promise<number> {
  return (await (await seller.get(`/v1/shops/${shopId}/customers/${customerId}`)).json()).balance;
}

/** The ledger is exact: the running sums chain, and the last one is the customer's balance. */
async function expectExactLedger(seller: APIRequestContext, shopId: number, customerId: number) {
  const entries = (await ledger(seller, shopId, customerId)).data.toReversed();
  let running = 0;
  for (const entry of entries) {
    running = Math.round((running + entry.amount) * 100) / 100;
    expect(entry.balance_after).toBe(running);
  }
  expect(await balanceOf(seller, shopId, customerId)).toBe(running);
  return entries;
}

async function credited(seller: APIRequestContext, shopId: number, amount: number) {
  const customer = await createCustomer(seller, shopId);
  const response = await changeBalance(seller, shopId, customer.id, { amount, description: "goodwill" });
  expect(response.status(), await response.text()).toBe(200);
  return customer as { id: number; email: string };
}

/** A completed manual invoice of this buyer (the gift card, priced in the shop's currency). */
async function paidInvoice(seller: APIRequestContext, shopId: number, email: string): Promise<InvoiceView> {
  const variantId = await seededVariantId(seller, shopId, ...GIFT_CARD);
  const pending = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], email);
  return completeInvoice(seller, shopId, pending.id);
}

test.describe("customer store credit", () => {
  test("credit and debit: the customer answers with the balance, every change is a ledger entry naming who made it", async ({
    seller,
    shopId,
  }) => {
    const customer = await createCustomer(seller, shopId);
    const credit = await changeBalance(seller, shopId, customer.id, { amount: 5, description: "goodwill" });
    expect(credit.status(), await credit.text()).toBe(200);
    expect(await credit.json()).toMatchObject({ id: customer.id, balance: 5 });
    const debit = await changeBalance(seller, shopId, customer.id, { amount: "-1.25" });
    expect(await debit.json()).toMatchObject({ balance: 3.75 });

    const entries = await ledger(seller, shopId, customer.id);
    expect(entries.total).toBe(2);
    expect(entries.data[0]).toMatchObject({ amount: -1.25, balance_after: 3.75, kind: "adjustment", description: null, invoice: null });
    expect(entries.data[1]).toMatchObject({ amount: 5, balance_after: 5, description: "goodwill" });
    expect(entries.data[1]).toMatchObject({ actor: { type: "api_key", api_key_id: expect.any(Number), label: expect.any(String) } });

    const audit = await (
      await seller.get(`/v1/shops/${shopId}/audit-log`, {
        params: { action: "customer.balance_adjusted", target_type: "customer", target_id: customer.id },
      })
    ).json();
    expect(audit.data[0].changes).toMatchObject({ balance: { old: "5.00", new: "3.75" }, amount: { new: "-1.25" } });
  });

  test("never below zero, bounded amount and description: 422 on the field; an unknown customer is 404", async ({ seller, shopId }) => {
    const customer = await credited(seller, shopId, 2);
    await expectValidationError(await changeBalance(seller, shopId, customer.id, { amount: -2.01 }), "amount");
    for (const amount of [0, 0.001, 1_000_000.01, -1_000_000.01, "x"]) {
      await expectValidationError(await changeBalance(seller, shopId, customer.id, { amount }), "amount");
    }
    await expectValidationError(await changeBalance(seller, shopId, customer.id, {}), "amount");
    await expectValidationError(
      await changeBalance(seller, shopId, customer.id, { amount: 1, description: "d".repeat(256) }),
      "description",
    );
    expect(await balanceOf(seller, shopId, customer.id)).toBe(2);
    const missing = await changeBalance(seller, shopId, 999_999_999, { amount: 1 });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ message: "Customer not found." });
    expect((await seller.get(`/v1/shops/${shopId}/customers/999999999/balance`)).status()).toBe(404);
  });

  test("a customer holding store credit cannot be deleted (422); once debited to zero they can", async ({ seller, shopId }) => {
    const customer = await credited(seller, shopId, 1);
    await expectValidationError(await seller.delete(`/v1/shops/${shopId}/customers/${customer.id}`), "status");
    expect((await changeBalance(seller, shopId, customer.id, { amount: -1 })).status()).toBe(200);
    expect((await seller.delete(`/v1/shops/${shopId}/customers/${customer.id}`)).status()).toBe(200);
  });

  test("a checkout paid by CUSTOMERBALANCE completes at once: delivered, the balance debited with the invoice on the entry", async ({
    seller,
    shopId,
  }) => {
    const customer = await credited(seller, shopId, 25);
    const product = await stockedProduct(seller, shopId, { serials: 2, price: 10 });
    const cart = [{ productId: product.productId, variantId: product.variantId, quantity: 1 }];
    const response = await checkout(seller, shopId, { cart, email: customer.email.toUpperCase(), gateway: "customerbalance" });
    expect(response.status(), await response.text()).toBe(201);
    const paid = await response.json();
    expect(paid).toMatchObject({ success: true, url: null });

    const invoice = (await (await seller.get(`/v1/shops/${shopId}/invoices/${paid.invoice_id}`)).json()) as InvoiceView;
    expect(invoice).toMatchObject({ status: "completed", gateway: "CUSTOMERBALANCE" });
    expect(invoice.items[0]!.delivered).toHaveLength(1);
    expect(await balanceOf(seller, shopId, customer.id)).toBe(15);
    const entries = await expectExactLedger(seller, shopId, customer.id);
    expect(entries.at(-1)).toMatchObject({ amount: -10, kind: "payment", invoice: { id: paid.invoice_id } });
    expect(entries.at(-1)).toMatchObject({ actor: { type: "buyer", label: customer.email } });
  });

  test("CUSTOMERBALANCE is refused (422 on gateway) when the balance falls short or the buyer is no customer; nothing is written", async ({
    seller,
    shopId,
  }) => {
    const customer = await credited(seller, shopId, 9.99);
    const product = await stockedProduct(seller, shopId, { serials: 1, price: 10 });
    const cart = [{ productId: product.productId, variantId: product.variantId, quantity: 1 }];
    await expectValidationError(await checkout(seller, shopId, { cart, email: customer.email, gateway: "CUSTOMERBALANCE" }), "gateway");
    await expectValidationError(
      await checkout(seller, shopId, { cart, email: uniqueEmail("nobody"), gateway: "CUSTOMERBALANCE" }),
      "gateway",
    );
    expect((await (await seller.get(`/v1/shops/${shopId}/invoices`, { params: { customer_id: customer.id } })).json()).total).toBe(0);
    expect(await balanceOf(seller, shopId, customer.id)).toBe(9.99);
  });

  test("two checkouts racing for the last credit: one completes (201), the others are 422, the ledger stays exact", async ({
    seller,
    shopId,
  }) => {
    const customer = await credited(seller, shopId, 10);
    const product = await stockedProduct(seller, shopId, { serials: 4, price: 10 });
    const cart = [{ productId: product.productId, variantId: product.variantId, quantity: 1 }];
    const responses = await Promise.all(
      Array.from({ length: 3 }, () => checkout(seller, shopId, { cart, email: customer.email, gateway: "CUSTOMERBALANCE" })),
    );
    const statuses = responses.map((response) => response.status()).sort();
    expect(statuses).toEqual([201, 422, 422]);
    expect(await balanceOf(seller, shopId, customer.id)).toBe(0);
    const entries = await expectExactLedger(seller, shopId, customer.id);
    expect(entries.map((entry) => entry.amount)).toEqual([10, -10]);
    const invoices = await (await seller.get(`/v1/shops/${shopId}/invoices`, { params: { customer_id: customer.id } })).json();
    expect(invoices.data.map((invoice: InvoiceView) => invoice.status)).toEqual(["completed"]);
  });

  test("refund to balance credits what was paid; unrefund takes it back, and is refused once it is spent", async ({ seller, shopId }) => {
    const customer = await createCustomer(seller, shopId);
    const invoice = await paidInvoice(seller, shopId, customer.email);
    const paid = Number(invoice.paid ?? invoice.price);

    const refunded = await invoiceAction(seller, shopId, invoice.id, "refund", { to: "balance" });
    expect(refunded.status(), await refunded.text()).toBe(200);
    expect((await refunded.json()).status).toBe("refunded");
    expect(await balanceOf(seller, shopId, customer.id)).toBe(paid);
    const [refund] = await expectExactLedger(seller, shopId, customer.id);
    expect(refund).toMatchObject({ amount: paid, kind: "refund", invoice: { id: invoice.id } });

    const unrefunded = await invoiceAction(seller, shopId, invoice.id, "unrefund");
    expect(unrefunded.status(), await unrefunded.text()).toBe(200);
    expect(await balanceOf(seller, shopId, customer.id)).toBe(0);
    expect((await expectExactLedger(seller, shopId, customer.id)).at(-1)).toMatchObject({ amount: -paid, kind: "refund_reversal" });

    // refunded to credit again, then spent: the unrefund cannot take it back
    expect((await invoiceAction(seller, shopId, invoice.id, "refund", { to: "balance" })).status()).toBe(200);
    expect((await changeBalance(seller, shopId, customer.id, { amount: -1 })).status()).toBe(200);
    const refused = await invoiceAction(seller, shopId, invoice.id, "unrefund");
    await expectValidationError(refused, "status");
    expect(await balanceOf(seller, shopId, customer.id)).toBe(Math.round((paid - 1) * 100) / 100);
    await expectExactLedger(seller, shopId, customer.id);
  });

  test("a plain refund leaves the balance alone; `to` takes only balance; a refund to balance needs a completed invoice", async ({
    seller,
    shopId,
  }) => {
    const customer = await createCustomer(seller, shopId);
    const invoice = await paidInvoice(seller, shopId, customer.email);
    await expectValidationError(await invoiceAction(seller, shopId, invoice.id, "refund", { to: "card" }), "to");
    expect((await invoiceAction(seller, shopId, invoice.id, "refund")).status()).toBe(200);
    expect(await balanceOf(seller, shopId, customer.id)).toBe(0);
    await expectValidationError(await invoiceAction(seller, shopId, invoice.id, "refund", { to: "balance" }), "status");
    expect((await ledger(seller, shopId, customer.id)).total).toBe(0);
  });

  test("another seller's shop is 404 on every store-credit route, and nothing moves", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    const customer = await credited(seller, shopId, 3);
    const invoice = await paidInvoice(seller, shopId, customer.email);
    const product = await stockedProduct(seller, shopId, { serials: 1, price: 1 });
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/customers/${customer.id}/balance` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/customers/${customer.id}/balance`, data: { amount: 1 } },
      { method: "post", path: (shop) => `/v1/shops/${shop}/invoices/${invoice.id}/refund`, data: { to: "balance" } },
    ]);
    // the other seller's checkout cannot spend this shop's credit in their own shop
    const foreign = await checkout(otherSeller, foreignShopId, {
      cart: [{ productId: product.productId, variantId: product.variantId, quantity: 1 }],
      email: customer.email,
      gateway: "CUSTOMERBALANCE",
    });
    expect(foreign.status()).toBe(422);
    expect(await balanceOf(seller, shopId, customer.id)).toBe(3);
    expect((await ledger(seller, shopId, customer.id)).total).toBe(1);
  });
});
