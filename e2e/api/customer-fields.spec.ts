import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { uniqueName } from "../support/catalog";
import { createCustomer } from "../support/customers";

/** The customer fields the clients send (username, note, tags), their filters, and updates that name no stored field. */

type Customer = { id: number; email: string; username: string | null; note: string | null; tags: string[]; balance: number };

async function list(seller: APIRequestContext, shopId: number, params: Record<string, string | number | boolean>) {
  const response = await seller.get(`/v1/shops/${shopId}/customers`, { params: { perPage: 100, ...params } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { data: Customer[]; total: number };
}

test.describe("customer fields", () => {
  test("an update naming no stored field answers the record (200), a missing customer is still 404", async ({ seller, shopId }) => {
    const customer = await createCustomer(seller, shopId);
    for (const data of [{}, { unknown_field: "x" }]) {
      const response = await seller.put(`/v1/shops/${shopId}/customers/${customer.id}`, { data });
      expect(response.status(), await response.text()).toBe(200);
      expect(await response.json()).toMatchObject({ id: customer.id, email: customer.email });
    }
    const missing = await seller.put(`/v1/shops/${shopId}/customers/999999999`, { data: { note: "vip" } });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ message: "Customer not found." });
  });

  test("a theme update with an empty body answers the theme too (the same updateMany pattern)", async ({ seller, shopId }) => {
    const made = await seller.post(`/v1/shops/${shopId}/themes`, {
      data: { name: uniqueName("Theme"), template: { colors: { primary: "#000" } } },
    });
    expect(made.status(), await made.text()).toBe(201);
    const theme = await made.json();
    const response = await seller.put(`/v1/shops/${shopId}/themes/${theme.id}`, { data: {} });
    expect(response.status(), await response.text()).toBe(200);
    expect((await response.json()).id).toBe(theme.id);
    expect((await seller.put(`/v1/shops/${shopId}/themes/999999999`, { data: {} })).status()).toBe(404);
  });

  test("username, note and tags: set at create and update, cleared with null or an empty string", async ({ seller, shopId }) => {
    const created = await createCustomer(seller, shopId, {
      username: " gamer ",
      note: "first order by phone",
      tags: [" vip ", "eu", "vip"],
    });
    expect(created).toMatchObject({ username: "gamer", note: "first order by phone", tags: ["vip", "eu"], balance: 0 });

    const noted = await seller.put(`/v1/shops/${shopId}/customers/${created.id}`, { data: { note: "vip" } });
    expect(noted.status(), await noted.text()).toBe(200);
    expect(await noted.json()).toMatchObject({ username: "gamer", note: "vip", tags: ["vip", "eu"] });

    const cleared = await seller.put(`/v1/shops/${shopId}/customers/${created.id}`, { data: { username: "", note: null, tags: [] } });
    expect(await cleared.json()).toMatchObject({ username: null, note: null, tags: [] });
    expect(await (await seller.get(`/v1/shops/${shopId}/customers/${created.id}`)).json()).toMatchObject({ username: null, tags: [] });

    const url = `/v1/shops/${shopId}/customers/${created.id}`;
    await expectValidationError(await seller.put(url, { data: { username: "u".repeat(256) } }), "username");
    await expectValidationError(await seller.put(url, { data: { note: "n".repeat(5001) } }), "note");
    await expectValidationError(await seller.put(url, { data: { tags: ["t".repeat(51)] } }), "tags.0");
    await expectValidationError(await seller.put(url, { data: { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) } }), "tags");
  });

  test("bulk tags: add then remove on the shop's customers named; other shops' ids are not counted", async ({
    seller,
    otherSeller,
    shopId,
    foreignShopId,
  }) => {
    const a = await createCustomer(seller, shopId, { tags: ["old", "keep"] });
    const b = await createCustomer(seller, shopId);
    const foreign = await createCustomer(otherSeller, foreignShopId, { tags: ["old"] });
    const response = await seller.put(`/v1/shops/${shopId}/customers/bulk-update/tags`, {
      data: { customer_ids: [a.id, b.id, foreign.id], add: ["new", "keep"], remove: ["old"] },
    });
    expect(response.status(), await response.text()).toBe(200);
    expect(await response.json()).toEqual({ message: "2 customers updated.", updated: 2 });
    expect((await (await seller.get(`/v1/shops/${shopId}/customers/${a.id}`)).json()).tags).toEqual(["keep", "new"]);
    expect((await (await seller.get(`/v1/shops/${shopId}/customers/${b.id}`)).json()).tags).toEqual(["new", "keep"]);
    expect((await (await otherSeller.get(`/v1/shops/${foreignShopId}/customers/${foreign.id}`)).json()).tags).toEqual(["old"]);

    const bulk = `/v1/shops/${shopId}/customers/bulk-update/tags`;
    await expectValidationError(await seller.put(bulk, { data: { customer_ids: [a.id] } }), "add");
    await expectValidationError(await seller.put(bulk, { data: { customer_ids: [], add: ["x"] } }), "customer_ids");
  });

  test("the ban route takes `customer_ids` (the TypeScript client's name) as well as `ids`", async ({ seller, shopId }) => {
    const customer = await createCustomer(seller, shopId);
    const response = await seller.put(`/v1/shops/${shopId}/customers/bulk-update/ban`, { data: { customer_ids: [customer.id] } });
    expect(response.status(), await response.text()).toBe(200);
    expect(await response.json()).toEqual({ message: "1 customers banned.", updated: 1 });
    expect((await (await seller.get(`/v1/shops/${shopId}/customers/${customer.id}`)).json()).banned).toBe(1);
    await expectValidationError(await seller.put(`/v1/shops/${shopId}/customers/bulk-update/ban`, { data: {} }), "ids");
  });

  test("list filters: username, tag, id, subscribed; ordered by balance", async ({ seller, shopId }) => {
    const mark = randomBytes(4).toString("hex");
    const rich = await createCustomer(seller, shopId, { username: `Rich-${mark}`, tags: [`t-${mark}`] });
    const poor = await createCustomer(seller, shopId, { username: `poor-${mark}`, tags: [`t-${mark}`, "other"] });
    const credited = await seller.post(`/v1/shops/${shopId}/customers/${rich.id}/balance`, { data: { amount: 7.5 } });
    expect(credited.status(), await credited.text()).toBe(200);

    expect((await list(seller, shopId, { username: `RICH-${mark}` })).data.map((c) => c.id)).toEqual([rich.id]);
    const tagged = await list(seller, shopId, { tag: `t-${mark}`, orderColumn: "balance", orderDirection: "desc" });
    expect(tagged.data.map((c) => [c.id, c.balance])).toEqual([
      [rich.id, 7.5],
      [poor.id, 0],
    ]);
    const ascending = await list(seller, shopId, { tag: `t-${mark}`, orderColumn: "balance", orderDirection: "asc" });
    expect(ascending.data.map((c) => c.id)).toEqual([poor.id, rich.id]);
    expect((await list(seller, shopId, { id: poor.id })).data.map((c) => c.id)).toEqual([poor.id]);

    // a new customer holds no subscription; the seeded ones that do are listed under subscribed=true
    expect((await list(seller, shopId, { id: poor.id, subscribed: false })).total).toBe(1);
    expect((await list(seller, shopId, { id: poor.id, subscribed: true })).total).toBe(0);
    const subscribed = await list(seller, shopId, { subscribed: true, perPage: 5 });
    expect(subscribed.total).toBeGreaterThan(0);
    for (const customer of subscribed.data) {
      const subscriptions = await (
        await seller.get(`/v1/shops/${shopId}/subscriptions`, { params: { customer_id: customer.id, perPage: 100 } })
      ).json();
      expect(subscriptions.data.length, `${customer.email} has a subscription`).toBeGreaterThan(0);
    }
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/customers`, { params: { id: "x" } }), "id");
  });

  test("another seller's shop is 404 on the new routes", async ({ seller, otherSeller, anonymous, shopId, foreignShopId }) => {
    const customer = await createCustomer(seller, shopId);
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      {
        method: "put",
        path: (shop) => `/v1/shops/${shop}/customers/bulk-update/tags`,
        data: { customer_ids: [customer.id], add: ["x"] },
      },
      { method: "put", path: (shop) => `/v1/shops/${shop}/customers/${customer.id}`, data: { note: "vip" } },
    ]);
    expect((await (await seller.get(`/v1/shops/${shopId}/customers/${customer.id}`)).json()).tags).toEqual([]);
  });
});
