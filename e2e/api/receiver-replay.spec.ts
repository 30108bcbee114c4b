import { randomUUID } from "node:crypto";
import { expect, test } from "../support/api";
import { balanceOf, callReceiver, freshReseller, pickVariant, resellerClient, sign } from "../support/reseller";

/**
 * Beyond the spec: the signature covers the body only, so a captured body
 * and signature sent again with a fresh X-Timestamp and a new
 * Idempotency-Key must not be charged again (docs/api.md, "Idempotency").
 */
const REPLAY = "This signed request was already accepted under another Idempotency-Key.";

async function invoiceCount(client: Awaited<ReturnType<typeof resellerClient>>) {
  return (await (await client.get("/v1/reseller/invoices")).json()).total as number;
}

test.describe("dynamic receiver: replayed signatures", () => {
  test("the same signed body under a new key and a fresh timestamp is 409 plain text and charges nothing; the first key still replays", async ({
    seller,
    shopId,
    playwright,
    baseURL,
  }) => {
    const fresh = await freshReseller(seller, shopId, 200);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, (v) => v.deliverables_type === "serials" && v.stock > 10);
    const body = JSON.stringify({ invoice: { unique_id: `order-${randomUUID()}` }, item: { quantity: 1 } });
    const signature = sign(fresh.signingSecret, body);
    const call = (idempotencyKey: string, timestamp: number, variantId = variant.id) =>
      callReceiver(client, {
        token: fresh.dynamicToken,
        secret: fresh.signingSecret,
        productId,
        variantId,
        body,
        signature,
        idempotencyKey,
        timestamp: String(timestamp),
      });
    const now = Math.floor(Date.now() / 1000);
    const firstKey = randomUUID();

    const first = await call(firstKey, now);
    expect(first.status(), await first.text()).toBe(200);
    const lines = await first.text();
    expect(lines.split("\n")).toHaveLength(1);
    const balance = await balanceOf(client);
    const invoices = await invoiceCount(client);

    for (const timestamp of [now + 30, now - 200]) {
      const replayed = await call(randomUUID(), timestamp);
      expect(replayed.status()).toBe(409);
      expect(replayed.headers()["content-type"]).toBe("text/plain; charset=utf-8");
      expect(await replayed.text()).toBe(REPLAY);
    }
    expect(await balanceOf(client)).toBe(balance);
    expect(await invoiceCount(client)).toBe(invoices);

    const again = await call(firstKey, now + 60);
    expect(again.status()).toBe(200);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect(await again.text()).toBe(lines);
    expect(await balanceOf(client)).toBe(balance);

    // A body that was never accepted is not affected.
    const other = JSON.stringify({ invoice: { unique_id: `order-${randomUUID()}` }, item: { quantity: 1 } });
    const another = await callReceiver(client, {
      token: fresh.dynamicToken,
      secret: fresh.signingSecret,
      productId,
      variantId: variant.id,
      body: other,
    });
    expect(another.status(), await another.text()).toBe(200);
    await client.dispose();
  });

  test("the signature does not cover the query: the same signed body sent for another variant is refused too", async ({
    seller,
    shopId,
    playwright,
    baseURL,
  }) => {
    const fresh = await freshReseller(seller, shopId, 200);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const first = await pickVariant(client, (v) => v.deliverables_type === "serials" && v.stock > 10);
    const second = await pickVariant(client, (v) => v.deliverables_type === "serials" && v.stock > 10 && v.id !== first.variant.id);
    const body = JSON.stringify({ invoice: { unique_id: `order-${randomUUID()}` }, item: { quantity: 1 } });
    const send = (target: typeof first) =>
      callReceiver(client, {
        token: fresh.dynamicToken,
        secret: fresh.signingSecret,
        productId: target.productId,
        variantId: target.variant.id,
        body,
      });

    expect((await send(first)).status()).toBe(200);
    const balance = await balanceOf(client);
    const replayed = await send(second);
    expect(replayed.status()).toBe(409);
    expect(await replayed.text()).toBe(REPLAY);
    expect(await balanceOf(client)).toBe(balance);
    await client.dispose();
  });

  test("ten simultaneous sends of one signed body under ten keys: one is charged, nine are 409", async ({
    seller,
    shopId,
    playwright,
    baseURL,
  }) => {
    const fresh = await freshReseller(seller, shopId, 200);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, (v) => v.deliverables_type === "serials" && v.stock > 10);
    const before = await balanceOf(client);
    const body = JSON.stringify({ invoice: { unique_id: `order-${randomUUID()}` }, item: { quantity: 1 } });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        callReceiver(client, { token: fresh.dynamicToken, secret: fresh.signingSecret, productId, variantId: variant.id, body }),
      ),
    );
    const statuses = responses.map((response) => response.status()).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await invoiceCount(client)).toBe(1);
    expect(await balanceOf(client)).toBe(Math.round((before - variant.reseller_price) * 100) / 100);
    await client.dispose();
  });
});
