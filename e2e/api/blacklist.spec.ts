import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";

/** Values no other test's buyer has, so this shop's rules never refuse another spec's checkout. */
const token = () => randomBytes(5).toString("hex");

async function addEntry(seller: APIRequestContext, shopId: number, data: Record<string, unknown>) {
  const response = await seller.post(`/v1/shops/${shopId}/blacklist`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function testValue(seller: APIRequestContext, shopId: number, type: string, value: unknown) {
  const response = await seller.post(`/v1/shops/${shopId}/blacklist/test`, { data: { type, value } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { blocked: boolean; customer_banned: boolean; matches: { id: number }[] };
}

test.describe("blacklist", () => {
  test("create, get, list, update, delete", async ({ seller, shopId }) => {
    const value = `fraud-${token()}@example.test`;
    const entry = await addEntry(seller, shopId, { type: "email", value: value.toUpperCase(), reason: "chargeback" });
    expect(entry).toMatchObject({ shop_id: shopId, type: "email", value, match_type: "exact", reason: "chargeback" });
    expect(await (await seller.get(`/v1/shops/${shopId}/blacklist/${entry.id}`)).json()).toEqual(entry);

    const list = await (await seller.get(`/v1/shops/${shopId}/blacklist`, { params: { search: value, type: "email" } })).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toEqual(entry);

    const updated = await seller.put(`/v1/shops/${shopId}/blacklist/${entry.id}/update`, { data: { reason: "" } });
    expect(updated.status(), await updated.text()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: entry.id, value, reason: null });

    // changing only the type re-checks the kept value as the new type
    await expectValidationError(await seller.put(`/v1/shops/${shopId}/blacklist/${entry.id}/update`, { data: { type: "ip" } }), "value");

    const deleted = await seller.delete(`/v1/shops/${shopId}/blacklist/${entry.id}`);
    expect(await deleted.json()).toEqual({ message: "Blacklist entry deleted." });
    expect((await seller.get(`/v1/shops/${shopId}/blacklist/${entry.id}`)).status()).toBe(404);
  });

  test("each type matches exactly (canonical forms) through the test endpoint", async ({ seller, shopId }) => {
    const t = token();
    const email = await addEntry(seller, shopId, { type: "email", value: `exact-${t}@example.test` });
    expect((await testValue(seller, shopId, "email", `EXACT-${t}@example.test`)).matches.map((m) => m.id)).toEqual([email.id]);
    expect((await testValue(seller, shopId, "email", `other-${t}@example.test`)).blocked).toBe(false);

    // a unique documentation range per run keeps other tests' buyers out of it
    const octet = parseInt(t.slice(0, 2), 16);
    const range = await addEntry(seller, shopId, { type: "ip", value: `198.18.${octet}.0/24` });
    expect((await testValue(seller, shopId, "ip", `198.18.${octet}.77`)).matches.map((m) => m.id)).toContain(range.id);
    expect((await testValue(seller, shopId, "ip", `::ffff:198.18.${octet}.77`)).matches.map((m) => m.id)).toContain(range.id);
    expect((await testValue(seller, shopId, "ip", `198.19.${octet}.77`)).matches.map((m) => m.id)).not.toContain(range.id);
    const v6 = await addEntry(seller, shopId, { type: "ip", value: `2001:DB8:0:${t.slice(0, 4)}::1` });
    expect(v6.value).toBe(`2001:db8:0:${t.slice(0, 4).replace(/^0+/, "")}::1`);
    expect((await testValue(seller, shopId, "ip", `2001:db8:0:${t.slice(0, 4)}:0:0:0:1`)).matches.map((m) => m.id)).toEqual([v6.id]);

    const agent = `Agent/${t}`;
    const ua = await addEntry(seller, shopId, { type: "user_agent", value: agent });
    expect((await testValue(seller, shopId, "user_agent", agent)).matches.map((m) => m.id)).toEqual([ua.id]);
    expect((await testValue(seller, shopId, "user_agent", `${agent} extra`)).blocked).toBe(false);

    const asnNumber = 4_200_000_000 + parseInt(t.slice(0, 6), 16);
    const asn = await addEntry(seller, shopId, { type: "asn", value: `AS${asnNumber}` });
    expect(asn.value).toBe(String(asnNumber));
    expect((await testValue(seller, shopId, "asn", asnNumber)).matches.map((m) => m.id)).toEqual([asn.id]);

    const country = await addEntry(seller, shopId, { type: "country_code", value: "xq", match_type: "exact", reason: `t-${t}` });
    expect(country.value).toBe("XQ");
    expect((await testValue(seller, shopId, "country_code", "xQ")).matches.map((m) => m.id)).toContain(country.id);
    await seller.delete(`/v1/shops/${shopId}/blacklist/${country.id}`);
  });

  test("regex entries match case-insensitively anywhere; the hostile (a+)+$ returns at once", async ({ seller, shopId }) => {
    const t = token();
    const domain = await addEntry(seller, shopId, { type: "email", value: `@${t}\\.example$`, match_type: "regex", reason: "domain" });
    expect((await testValue(seller, shopId, "email", `someone@${t.toUpperCase()}.example`)).matches.map((m) => m.id)).toEqual([domain.id]);
    expect((await testValue(seller, shopId, "email", `someone@${t}.example.org`)).blocked).toBe(false);

    const hostile = await addEntry(seller, shopId, { type: "user_agent", value: `^${t}(a+)+$`, match_type: "regex" });
    // With a backtracking engine this input takes longer than the universe; RE2 answers in linear time.
    const miss = await testValue(seller, shopId, "user_agent", `${t}${"a".repeat(980)}!`);
    expect(miss.matches.map((m) => m.id)).not.toContain(hostile.id);
    const hit = await testValue(seller, shopId, "user_agent", `${t}${"a".repeat(980)}`);
    expect(hit.matches.map((m) => m.id)).toContain(hostile.id);
  });

  test("invalid patterns and values are 422 on value; bounds on every field", async ({ seller, shopId }) => {
    const post = (data: Record<string, unknown>) => seller.post(`/v1/shops/${shopId}/blacklist`, { data });
    for (const pattern of ["(unclosed", "a{2,1}", "(?<=x)y", "\\1", "[z-a]"]) {
      const body = await expectValidationError(await post({ type: "user_agent", value: pattern, match_type: "regex" }), "value");
      expect(body.errors.value![0]).toContain("regular expression");
    }
    await expectValidationError(await post({ type: "user_agent", value: "a".repeat(501), match_type: "regex" }), "value");
    await expectValidationError(await post({ type: "ip", value: "300.1.1.1" }), "value");
    await expectValidationError(await post({ type: "ip", value: "10.0.0.0/33" }), "value");
    await expectValidationError(await post({ type: "asn", value: "ASX" }), "value");
    await expectValidationError(await post({ type: "asn", value: "4294967296" }), "value");
    await expectValidationError(await post({ type: "country_code", value: "USA" }), "value");
    await expectValidationError(await post({ type: "email", value: `${"a".repeat(250)}@example.test` }), "value");
    await expectValidationError(await post({ type: "user_agent", value: "a".repeat(1001) }), "value");
    await expectValidationError(await post({ type: "email", value: "" }), "value");
    await expectValidationError(await post({ type: "phone", value: "x" }), "type");
    await expectValidationError(await post({ type: "email", value: "x@example.test", match_type: "glob" }), "match_type");
    await expectValidationError(await post({ type: "email", value: "x@example.test", reason: "r".repeat(1001) }), "reason");
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/blacklist/test`, { data: { type: "email", value: "a".repeat(1001) } }),
      "value",
    );
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/blacklist/test`, { data: { type: "nope", value: "a" } }), "type");
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/blacklist`, { params: { type: "nope" } }), "type");
  });

  test("a banned customer shows in the test of their email", async ({ seller, shopId }) => {
    const email = `banned-${token()}@example.test`;
    const customer = await (await seller.post(`/v1/shops/${shopId}/customers`, { data: { email, banned: true } })).json();
    expect(await testValue(seller, shopId, "email", email.toUpperCase())).toEqual({ blocked: true, customer_banned: true, matches: [] });
    await seller.put(`/v1/shops/${shopId}/customers/${customer.id}`, { data: { banned: false } });
    expect((await testValue(seller, shopId, "email", email)).blocked).toBe(false);
  });

  test("another seller's shop is 404, another shop's entry is 404, no key is 401", async ({
    seller,
    otherSeller,
    shopId,
    foreignShopId,
    anonymous,
  }) => {
    const entry = await addEntry(seller, shopId, { type: "user_agent", value: `private-${token()}` });
    const one = (shop: number) => `/v1/shops/${shop}/blacklist/${entry.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/blacklist` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/blacklist`, data: { type: "email", value: "a@example.test" } },
      { method: "post", path: (shop) => `/v1/shops/${shop}/blacklist/test`, data: { type: "email", value: "a@example.test" } },
      { method: "get", path: one },
      { method: "put", path: (shop) => `${one(shop)}/update`, data: { reason: "mine" } },
      { method: "delete", path: one },
    ]);
    for (const response of [
      await otherSeller.get(`/v1/shops/${foreignShopId}/blacklist/${entry.id}`),
      await otherSeller.put(`/v1/shops/${foreignShopId}/blacklist/${entry.id}/update`, { data: { reason: "mine" } }),
      await otherSeller.delete(`/v1/shops/${foreignShopId}/blacklist/${entry.id}`),
    ]) {
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ message: "Blacklist entry not found." });
    }
    expect(
      (await otherSeller.post(`/v1/shops/${foreignShopId}/blacklist/test`, { data: { type: "user_agent", value: entry.value } })).status(),
    ).toBe(200);
    expect((await (await seller.get(`/v1/shops/${shopId}/blacklist/${entry.id}`)).json()).reason).toBeNull();
  });
});
