import { randomBytes } from "node:crypto";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createCustomer, uniqueEmail } from "../support/customers";
import { completeInvoice, createPendingInvoice, GIFT_CARD, seededVariantId } from "../support/invoices";

test.describe("customers", () => {
  test("create, read, update: email lower-cased, banned as 0/1, totals from the customer's invoices", async ({ seller, shopId }) => {
    const email = uniqueEmail("Mixed").replace("mixed", "MiXeD");
    const created = await createCustomer(seller, shopId, { email: `  ${email.toUpperCase()} ` });
    expect(created).toMatchObject({ shop_id: shopId, email: email.toLowerCase(), banned: 0, invoices_count: 0, total_spent: "0.00" });
    expect(created.created_at).toMatch(/Z$/);

    // A manual invoice for the same address (any case) is linked to this customer; completed ones count as spent.
    const variantId = await seededVariantId(seller, shopId, ...GIFT_CARD);
    const paid = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], email.toUpperCase());
    const completed = await completeInvoice(seller, shopId, paid.id);
    await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 2 }], email);

    const read = await (await seller.get(`/v1/shops/${shopId}/customers/${created.id}`)).json();
    expect(read.invoices_count).toBe(2);
    expect(read.total_spent).toBe(completed.paid_usd ?? completed.price_usd);
    expect(read.total_spent).toMatch(/^\d+\.\d{2}$/);

    const invoices = await (await seller.get(`/v1/shops/${shopId}/invoices`, { params: { customer_id: created.id } })).json();
    expect(invoices.total).toBe(2);

    const updated = await seller.put(`/v1/shops/${shopId}/customers/${created.id}`, { data: { banned: true } });
    expect(updated.status(), await updated.text()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: created.id, email: email.toLowerCase(), banned: 1, invoices_count: 2 });
  });

  test("an email already taken (any case) is 422 on email, at create and at update", async ({ seller, shopId }) => {
    const first = await createCustomer(seller, shopId);
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/customers`, { data: { email: first.email.toUpperCase() } }),
      "email",
    );
    const second = await createCustomer(seller, shopId);
    await expectValidationError(await seller.put(`/v1/shops/${shopId}/customers/${second.id}`, { data: { email: first.email } }), "email");
  });

  test("bad input is 422 on its field", async ({ seller, shopId }) => {
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/customers`, { data: { email: "not-an-email" } }), "email");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/customers`, { data: {} }), "email");
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/customers`, { data: { email: `${"a".repeat(250)}@example.test` } }),
      "email",
    );
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/customers`, { params: { orderColumn: "price" } }), "orderColumn");
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/customers`, { params: { perPage: 1000 } }), "perPage");
    await expectValidationError(await seller.put(`/v1/shops/${shopId}/customers/bulk-update/ban`, { data: { ids: [] } }), "ids");
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/customers/bulk-update/ban`, { data: { ids: Array.from({ length: 101 }, (_, i) => i + 1) } }),
      "ids",
    );
    await expectValidationError(await seller.put(`/v1/shops/${shopId}/customers/bulk-update/ban`, { data: { ids: ["x"] } }), "ids.0");
  });

  test("list: paged envelope, email filter, order by email both ways", async ({ seller, shopId }) => {
    const tag = randomBytes(4).toString("hex");
    const made = [];
    for (const name of ["carol", "alice", "bob"]) made.push(await createCustomer(seller, shopId, { email: `${name}-${tag}@example.test` }));
    const page = await (
      await seller.get(`/v1/shops/${shopId}/customers`, { params: { email: tag, orderColumn: "email", orderDirection: "asc", perPage: 2 } })
    ).json();
    expect(page.total).toBe(3);
    expect(page.last_page).toBe(2);
    expect(page.data.map((c: { email: string }) => c.email)).toEqual([`alice-${tag}@example.test`, `bob-${tag}@example.test`]);
    const desc = await (
      await seller.get(`/v1/shops/${shopId}/customers`, {
        params: { email: tag.toUpperCase(), orderColumn: "email", orderDirection: "desc" },
      })
    ).json();
    expect(desc.data.map((c: { email: string }) => c.email)).toEqual([
      `carol-${tag}@example.test`,
      `bob-${tag}@example.test`,
      `alice-${tag}@example.test`,
    ]);
    const byCreated = await (
      await seller.get(`/v1/shops/${shopId}/customers`, { params: { email: tag, orderColumn: "created_at", orderDirection: "asc" } })
    ).json();
    expect(byCreated.data.map((c: { id: number }) => c.id)).toEqual(made.map((c) => c.id));
    // `%` and `_` are literal
    const none = await (await seller.get(`/v1/shops/${shopId}/customers`, { params: { email: `%${tag}` } })).json();
    expect(none.total).toBe(0);
  });

  test("bulk ban bans this shop's ids, ignores others, and unbans with banned false", async ({
    seller,
    shopId,
    foreignShopId,
    otherSeller,
  }) => {
    const a = await createCustomer(seller, shopId);
    const b = await createCustomer(seller, shopId);
    const foreign = await otherSeller.post(`/v1/shops/${foreignShopId}/customers`, { data: { email: uniqueEmail("foreign") } });
    expect(foreign.status()).toBe(201);
    const foreignId = (await foreign.json()).id;

    const ban = await seller.put(`/v1/shops/${shopId}/customers/bulk-update/ban`, { data: { ids: [a.id, b.id, foreignId, a.id] } });
    expect(ban.status(), await ban.text()).toBe(200);
    expect(await ban.json()).toEqual({ message: "2 customers banned.", updated: 2 });
    expect((await (await seller.get(`/v1/shops/${shopId}/customers/${a.id}`)).json()).banned).toBe(1);
    expect((await (await otherSeller.get(`/v1/shops/${foreignShopId}/customers/${foreignId}`)).json()).banned).toBe(0);

    const banned = await (await seller.get(`/v1/shops/${shopId}/customers`, { params: { banned: true, email: a.email } })).json();
    expect(banned.total).toBe(1);

    const unban = await seller.put(`/v1/shops/${shopId}/customers/bulk-update/ban`, { data: { ids: [a.id], banned: false } });
    expect(await unban.json()).toEqual({ message: "1 customers unbanned.", updated: 1 });
    expect((await (await seller.get(`/v1/shops/${shopId}/customers/${a.id}`)).json()).banned).toBe(0);
  });

  test("delete keeps the customer's invoices (unlinked, email kept)", async ({ seller, shopId }) => {
    const customer = await createCustomer(seller, shopId);
    const variantId = await seededVariantId(seller, shopId, ...GIFT_CARD);
    const invoice = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], customer.email);
    const deleted = await seller.delete(`/v1/shops/${shopId}/customers/${customer.id}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Customer deleted." });
    expect((await seller.get(`/v1/shops/${shopId}/customers/${customer.id}`)).status()).toBe(404);
    const kept = await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`);
    expect(kept.status()).toBe(200);
    expect((await kept.json()).email).toBe(customer.email);
    expect((await seller.delete(`/v1/shops/${shopId}/customers/${customer.id}`)).status()).toBe(404);
  });

  test("a customer with subscriptions cannot be deleted (422)", async ({ seller, shopId }) => {
    const subscriptions = await (await seller.get(`/v1/shops/${shopId}/subscriptions`, { params: { perPage: 1 } })).json();
    const customerId = subscriptions.data[0]?.customer_id;
    expect(customerId, "the seed makes subscriptions with customers").toBeTruthy();
    const refused = await seller.delete(`/v1/shops/${shopId}/customers/${customerId}`);
    await expectValidationError(refused, "status");
    expect((await seller.get(`/v1/shops/${shopId}/customers/${customerId}`)).status()).toBe(200);
  });

  test("another seller's shop is 404, another shop's customer is 404, no key is 401", async ({
    seller,
    otherSeller,
    shopId,
    foreignShopId,
    anonymous,
  }) => {
    const customer = await createCustomer(seller, shopId);
    const one = (shop: number) => `/v1/shops/${shop}/customers/${customer.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/customers` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/customers`, data: { email: uniqueEmail() } },
      { method: "get", path: one },
      { method: "put", path: one, data: { banned: true } },
      { method: "delete", path: one },
      { method: "put", path: (shop) => `/v1/shops/${shop}/customers/bulk-update/ban`, data: { ids: [customer.id] } },
    ]);
    const stranger = await otherSeller.get(`/v1/shops/${foreignShopId}/customers/${customer.id}`);
    expect(stranger.status()).toBe(404);
    expect(await stranger.json()).toEqual({ message: "Customer not found." });
    expect((await otherSeller.put(`/v1/shops/${foreignShopId}/customers/${customer.id}`, { data: { banned: true } })).status()).toBe(404);
    expect((await otherSeller.delete(`/v1/shops/${foreignShopId}/customers/${customer.id}`)).status()).toBe(404);
    expect((await seller.get(`/v1/shops/${shopId}/customers/abc`)).status()).toBe(404);
  });

  test("two concurrent manual invoices for a new email make one customer", async ({ seller, shopId }) => {
    const email = uniqueEmail("race");
    const variantId = await seededVariantId(seller, shopId, ...GIFT_CARD);
    await Promise.all(
      Array.from({ length: 6 }, () => createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], email)),
    );
    const page = await (await seller.get(`/v1/shops/${shopId}/customers`, { params: { email } })).json();
    expect(page.total).toBe(1);
    expect(page.data[0].invoices_count).toBe(6);
  });
});
