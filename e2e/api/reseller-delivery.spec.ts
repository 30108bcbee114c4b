import { randomUUID } from "node:crypto";
import { expect, test } from "../support/api";
import { balanceOf, callReceiver, cents, freshReseller, manySerials, pickVariant, resellerClient, sign } from "../support/reseller";

/** The dynamic-delivery receiver a reseller's shop calls: its checks in order, its refusals, a signed purchase and its replay. */

test.describe("dynamic delivery receiver", () => {
  test("token 404, timestamp 401, signature 401, Idempotency-Key 400, in that order", async ({ anonymous, seller, shopId }) => {
    const fresh = await freshReseller(seller, shopId, 50);
    const base = { token: fresh.dynamicToken, secret: fresh.signingSecret, productId: 1, variantId: 1 };
    const expectText = async (response: Awaited<ReturnType<typeof callReceiver>>, status: number, body: string) => {
      expect(response.status()).toBe(status);
      expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toBe(body);
    };
    const now = () => Math.floor(Date.now() / 1000);
    await expectText(
      await callReceiver(anonymous, { ...base, token: "dyn_unknown", timestamp: null, signature: "x" }),
      404,
      "Invalid token.",
    );
    await expectText(await callReceiver(anonymous, { ...base, timestamp: null }), 401, "Request expired.");
    await expectText(await callReceiver(anonymous, { ...base, timestamp: "abc" }), 401, "Request expired.");
    await expectText(await callReceiver(anonymous, { ...base, timestamp: "12.5" }), 401, "Request expired.");
    await expectText(await callReceiver(anonymous, { ...base, timestamp: String(now() - 302), signature: "bad" }), 401, "Request expired.");
    await expectText(await callReceiver(anonymous, { ...base, timestamp: String(now() + 302) }), 401, "Request expired.");
    // just inside the window, past and future, the checks go on to the signature
    await expectText(
      await callReceiver(anonymous, { ...base, timestamp: String(now() - 290), signature: "bad" }),
      401,
      "Invalid signature.",
    );
    await expectText(
      await callReceiver(anonymous, { ...base, timestamp: String(now() + 290), signature: "bad" }),
      401,
      "Invalid signature.",
    );
    await expectText(await callReceiver(anonymous, { ...base, signature: null }), 401, "Invalid signature.");
    await expectText(await callReceiver(anonymous, { ...base, signature: "0".repeat(64) }), 401, "Invalid signature.");
    await expectText(await callReceiver(anonymous, { ...base, secret: "wrong-secret" }), 401, "Invalid signature.");
    await expectText(await callReceiver(anonymous, { ...base, idempotencyKey: null }), 400, "Missing Idempotency-Key.");
    await expectText(await callReceiver(anonymous, { ...base, idempotencyKey: null, signature: "bad" }), 401, "Invalid signature.");
    // a signature over other bytes than those sent (re-serialised JSON) is wrong
    const body = '{"item": {"quantity": 1}}';
    await expectText(
      await callReceiver(anonymous, {
        ...base,
        body,
        signature: sign(fresh.signingSecret, JSON.stringify(JSON.parse(body))),
      }),
      401,
      "Invalid signature.",
    );
    // a suspended reseller's token is unknown
    expect((await seller.post(`/v1/shops/${shopId}/resellers/${fresh.id}/suspend`)).status()).toBe(200);
    await expectText(await callReceiver(anonymous, base), 404, "Invalid token.");
  });

  test("product/variant 422, quantity 422, balance 422, stock 422", async ({ anonymous, seller, shopId, playwright, baseURL }) => {
    const fresh = await freshReseller(seller, shopId, 5);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, manySerials);
    const soldOut = await pickVariant(client, (v) => v.deliverables_type === "serials" && v.stock === 0);
    const base = { token: fresh.dynamicToken, secret: fresh.signingSecret, productId, variantId: variant.id };
    const expectText = async (response: Awaited<ReturnType<typeof callReceiver>>, status: number, body: string) => {
      expect(response.status()).toBe(status);
      expect(await response.text()).toBe(body);
    };
    await expectText(await callReceiver(anonymous, { ...base, productId: undefined }), 422, "Unknown product or variant.");
    await expectText(await callReceiver(anonymous, { ...base, variantId: undefined }), 422, "Unknown product or variant.");
    await expectText(await callReceiver(anonymous, { ...base, variantId: 99999999 }), 422, "Unknown product or variant.");
    await expectText(await callReceiver(anonymous, { ...base, productId: productId + 1000 }), 422, "Unknown product or variant.");
    await expectText(await callReceiver(anonymous, { ...base, variantId: "abc", quantity: 0 }), 422, "Unknown product or variant.");
    for (const quantity of [0, -1, 1.5, "abc", null, true]) {
      await expectText(await callReceiver(anonymous, { ...base, quantity }), 422, "Invalid quantity.");
    }
    await expectText(await callReceiver(anonymous, { ...base, body: '{"item":{}}' }), 422, "Invalid quantity.");
    await expectText(await callReceiver(anonymous, { ...base, body: "{}" }), 422, "Invalid quantity.");
    await expectText(await callReceiver(anonymous, { ...base, body: "not json" }), 422, "Invalid quantity.");
    await expectText(await callReceiver(anonymous, { ...base, quantity: 5 }), 422, "Insufficient balance.");
    await expectText(
      await callReceiver(anonymous, { ...base, productId: soldOut.productId, variantId: soldOut.variant.id, quantity: 1 }),
      422,
      soldOut.variant.reseller_price > 5 ? "Insufficient balance." : "Insufficient stock.",
    );
    expect(await balanceOf(client)).toBe(5);
    // with money, the sold-out variant is a stock refusal
    await seller.post(`/v1/shops/${shopId}/resellers/${fresh.id}/balance`, { data: { amount: 500, reason: "top up" } });
    await expectText(
      await callReceiver(anonymous, { ...base, productId: soldOut.productId, variantId: soldOut.variant.id, quantity: 1 }),
      422,
      "Insufficient stock.",
    );
    expect(await balanceOf(client)).toBe(505);
    await client.dispose();
  });

  test("success: 200 lines, recorded as a dynamic reseller invoice; a replay returns the same lines and charges nothing", async ({
    anonymous,
    seller,
    shopId,
    playwright,
    baseURL,
  }) => {
    const fresh = await freshReseller(seller, shopId, 100);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, manySerials);
    const key = randomUUID();
    const call = {
      token: fresh.dynamicToken,
      secret: fresh.signingSecret,
      productId,
      variantId: variant.id,
      quantity: 2,
      idempotencyKey: key,
    };
    const first = await callReceiver(anonymous, call);
    expect(first.status(), await first.text()).toBe(200);
    expect(first.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = (await first.text()).split("\n");
    expect(lines).toHaveLength(2);
    expect(new Set(lines).size).toBe(2);
    const charged = cents(100 - variant.reseller_price * 2);
    expect(await balanceOf(client)).toBe(charged);

    const replay = await callReceiver(anonymous, call);
    expect(replay.status()).toBe(200);
    expect(await replay.text()).toBe(lines.join("\n"));
    expect(await balanceOf(client)).toBe(charged);
    // the same key with another request is refused
    const other = await callReceiver(anonymous, { ...call, quantity: 3 });
    expect(other.status()).toBe(409);

    const list = await (await client.get("/v1/reseller/invoices")).json();
    expect(list.total).toBe(1);
    expect(list.data[0].reseller_source).toBe(2);
    const invoice = await (await client.get(`/v1/reseller/invoices/${list.data[0].id}`)).json();
    expect(invoice.source).toBe("dynamic");
    expect(invoice.items[0].delivered).toEqual(lines);

    // a timestamp just inside the window is accepted
    const edge = await callReceiver(anonymous, {
      ...call,
      idempotencyKey: randomUUID(),
      quantity: 1,
      timestamp: String(Math.floor(Date.now() / 1000) - 290),
    });
    expect(edge.status()).toBe(200);
    await client.dispose();
  });
});
