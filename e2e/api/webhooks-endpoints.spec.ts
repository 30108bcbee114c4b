import { expectGuarded, expectValidationError } from "../support/api";
import { uniqueName } from "../support/catalog";
import { createEndpoint, deliveries, deliveryReaching, eventAt, expect, receiverUrl, test, uniquePath } from "../support/webhook-receiver";

/**
 * Seller webhooks over real HTTP, against the local receiver of e2e/support/webhook-receiver.ts (which
 * says how it answers and the server's webhook timings). Endpoints themselves (create, read, update,
 * rotate, delete, input refused), whose shop they belong to, the Discord and Telegram formats, an
 * internal address refused at send time.
 */

// In order, in one worker: the tests take turns holding the receiver's port and would only wait on each other.
test.describe.configure({ mode: "default" });

test("endpoints: create answers the secret once, read, update, rotate, delete; bad input is 422", async ({
  receiver,
  made,
  seller,
  shopId,
}) => {
  const path = uniquePath("ok");
  const response = await seller.post(`/v1/shops/${shopId}/webhooks`, {
    data: { url: receiverUrl(path), description: "ERP", events: ["invoice.completed", "invoice.refunded"] },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = await response.json();
  made.push({ client: "seller", shopId, id: created.id });
  expect(created).toMatchObject({
    shop_id: shopId,
    url: receiverUrl(path),
    description: "ERP",
    events: ["invoice.completed", "invoice.refunded"],
    enabled: true,
    format: "standard",
    failing_since: null,
    disabled_reason: null,
  });
  expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

  const read = await (await seller.get(`/v1/shops/${shopId}/webhooks/${created.id}`)).json();
  expect(read).not.toHaveProperty("secret");
  expect(read.id).toBe(created.id);
  const list = await (await seller.get(`/v1/shops/${shopId}/webhooks`)).json();
  expect(list.map((endpoint: { id: number }) => endpoint.id)).toContain(created.id);
  expect(JSON.stringify(list)).not.toContain(created.secret);

  const updated = await seller.put(`/v1/shops/${shopId}/webhooks/${created.id}`, { data: { events: [], description: "all" } });
  expect(updated.status(), await updated.text()).toBe(200);
  expect(await updated.json()).toMatchObject({ events: [], description: "all", url: receiverUrl(path) });

  const rotated = await (await seller.post(`/v1/shops/${shopId}/webhooks/${created.id}/secret/rotate`)).json();
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(created.secret);

  // The new secret signs from now on.
  receiver.register(path, rotated.secret);
  const sent = await seller.post(`/v1/shops/${shopId}/webhooks/${created.id}/test`, { data: { event_type: "invoice.completed" } });
  expect(sent.status(), await sent.text()).toBe(201);
  await eventAt(receiver, path, (event) => event.type === "invoice.completed");

  await expectValidationError(await seller.post(`/v1/shops/${shopId}/webhooks`, { data: { url: "http://10.0.0.1/hook" } }), "url");
  await expectValidationError(await seller.post(`/v1/shops/${shopId}/webhooks`, { data: { url: "ftp://example.com/" } }), "url");
  await expectValidationError(await seller.post(`/v1/shops/${shopId}/webhooks`, { data: {} }), "url");
  await expectValidationError(
    await seller.post(`/v1/shops/${shopId}/webhooks`, { data: { url: receiverUrl("/ok/x"), events: ["invoice.nope"] } }),
    "events.0",
  );
  const telegram = await expectValidationError(
    await seller.post(`/v1/shops/${shopId}/webhooks`, { data: { format: "telegram" } }),
    "telegram_bot_token",
  );
  expect(telegram.errors).toHaveProperty("telegram_chat_id");

  expect((await seller.delete(`/v1/shops/${shopId}/webhooks/${created.id}`)).status()).toBe(200);
  const gone = await seller.get(`/v1/shops/${shopId}/webhooks/${created.id}`);
  expect(gone.status()).toBe(404);
  expect(await gone.json()).toEqual({ message: "Webhook not found." });
});

test("another seller's shop and endpoints are 404", async ({ made, seller, otherSeller, anonymous, shopId, foreignShopId }) => {
  const endpoint = await createEndpoint(otherSeller, foreignShopId, {
    url: receiverUrl(uniquePath("ok")),
    events: ["subscription.renewed"],
  });
  made.push({ client: "other", shopId: foreignShopId, id: endpoint.id });
  // The endpoint is the other seller's: the guards of their shop, seen from their side.
  const one = (shop: number) => `/v1/shops/${shop}/webhooks/${endpoint.id}`;
  await expectGuarded({ seller: otherSeller, otherSeller: seller, anonymous, shopId: foreignShopId, foreignShopId: shopId }, [
    { method: "get", path: (shop) => `/v1/shops/${shop}/webhooks` },
    {
      method: "post",
      path: (shop) => `/v1/shops/${shop}/webhooks`,
      data: { url: receiverUrl(uniquePath("ok")), events: ["subscription.renewed"] },
    },
    { method: "get", path: one },
    { method: "put", path: one, data: { enabled: false } },
    { method: "delete", path: one },
    { method: "post", path: (shop) => `${one(shop)}/secret/rotate` },
    { method: "get", path: (shop) => `${one(shop)}/deliveries` },
    { method: "post", path: (shop) => `${one(shop)}/test`, data: { event_type: "invoice.created" } },
    { method: "post", path: (shop) => `${one(shop)}/deliveries/1/redeliver` },
  ]);
  // The seller's own shop does not have it either.
  for (const response of [
    await seller.get(`/v1/shops/${shopId}/webhooks/${endpoint.id}`),
    await seller.put(`/v1/shops/${shopId}/webhooks/${endpoint.id}`, { data: { enabled: false } }),
    await seller.delete(`/v1/shops/${shopId}/webhooks/${endpoint.id}`),
    await seller.get(`/v1/shops/${shopId}/webhooks/${endpoint.id}/deliveries`),
    await seller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "invoice.created" } }),
  ]) {
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: "Webhook not found." });
  }
  expect((await otherSeller.get(`/v1/shops/${foreignShopId}/webhooks/${endpoint.id}`)).status()).toBe(200);
});

test("discord and telegram formats post readable sale, refund and stock alerts to their APIs", async ({
  receiver,
  made,
  seller,
  shopId,
}) => {
  const discordPath = uniquePath("discord");
  const discord = await createEndpoint(seller, shopId, {
    format: "discord",
    url: receiverUrl(discordPath),
    events: ["subscription.renewed"],
  });
  made.push({ client: "seller", shopId, id: discord.id });
  const telegram = await createEndpoint(seller, shopId, {
    format: "telegram",
    telegram_bot_token: "123456:ABC-secret_token",
    telegram_chat_id: "-1001234567",
    events: ["subscription.renewed"],
  });
  made.push({ client: "seller", shopId, id: telegram.id });
  const telegramView = await (await seller.get(`/v1/shops/${shopId}/webhooks/${telegram.id}`)).json();
  expect(telegramView).toMatchObject({ format: "telegram", url: null, telegram_chat_id: "-1001234567", has_telegram_bot_token: true });
  expect(JSON.stringify(telegramView)).not.toContain("ABC-secret_token");

  for (const type of ["invoice.completed", "invoice.refunded", "variant.stock_low"]) {
    expect((await seller.post(`/v1/shops/${shopId}/webhooks/${discord.id}/test`, { data: { event_type: type } })).status()).toBe(201);
    expect((await seller.post(`/v1/shops/${shopId}/webhooks/${telegram.id}/test`, { data: { event_type: type } })).status()).toBe(201);
  }
  await expect.poll(() => receiver.received.filter((entry) => entry.path === discordPath).length).toBe(3);
  // The Discord URL's last segment is the channel's token: shown masked, never logged, kept when a form sends the masked URL back.
  const channelToken = discordPath.split("/").at(-1)!;
  const discordView = await (await seller.get(`/v1/shops/${shopId}/webhooks/${discord.id}`)).json();
  expect(discordView.url).toBe(receiverUrl(`${discordPath.slice(0, -channelToken.length)}****${channelToken.slice(-4)}`));
  await expect.poll(async () => (await deliveries(seller, shopId, discord.id, { status: "succeeded" })).total).toBe(3);
  expect(JSON.stringify(await deliveries(seller, shopId, discord.id))).not.toContain(channelToken);
  const resaved = await seller.put(`/v1/shops/${shopId}/webhooks/${discord.id}`, {
    data: { url: discordView.url, description: "resaved" },
  });
  expect(resaved.status(), await resaved.text()).toBe(200);
  const again = await seller.post(`/v1/shops/${shopId}/webhooks/${discord.id}/test`, { data: { event_type: "invoice.completed" } });
  expect(again.status()).toBe(201);
  await expect.poll(() => receiver.received.filter((entry) => entry.path === discordPath).length).toBe(4);
  const embeds = receiver.received.filter((entry) => entry.path === discordPath).map((entry) => JSON.parse(entry.body).embeds[0]);
  expect(embeds.map((embed) => embed.title).sort()).toEqual(["↩️ Refund", "⚠️ Stock running low", "💰 New sale", "💰 New sale"].sort());
  expect(embeds.every((embed) => typeof embed.description === "string" && embed.description.length > 0)).toBe(true);

  const telegramPath = "/telegram/bot123456:ABC-secret_token/sendMessage";
  await expect.poll(() => receiver.received.filter((entry) => entry.path === telegramPath).length).toBe(3);
  const messages = receiver.received.filter((entry) => entry.path === telegramPath).map((entry) => JSON.parse(entry.body));
  expect(messages.every((message) => message.chat_id === "-1001234567")).toBe(true);
  expect(messages.map((message) => message.text.split("\n")[0]).sort()).toEqual(
    ["↩️ Refund", "⚠️ Stock running low", "💰 New sale"].sort(),
  );

  // The log never shows the bot token.
  await expect.poll(async () => (await deliveries(seller, shopId, telegram.id, { status: "succeeded" })).total).toBe(3);
  const log = await deliveries(seller, shopId, telegram.id);
  expect(JSON.stringify(log)).not.toContain("ABC-secret_token");
  expect(log.data[0]!.attempt_log[0]!.url).toMatch(/\/bot<token>\/sendMessage$/);
});

test("an endpoint whose name resolves to an internal address is refused at send time, and logged", async ({
  made,
  otherSeller,
  foreignShopId: shopId,
}) => {
  // localhost is refused as written; a public-looking name that fails to resolve is a logged failure, never a call.
  await expectValidationError(await otherSeller.post(`/v1/shops/${shopId}/webhooks`, { data: { url: "http://localhost:1/hook" } }), "url");
  const endpoint = await createEndpoint(otherSeller, shopId, {
    url: `https://${uniqueName("nx").replace(/[^a-z0-9]/gi, "")}.invalid/hook`,
    events: ["subscription.renewed"],
  });
  made.push({ client: "other", shopId, id: endpoint.id });
  const sent = await (
    await otherSeller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "invoice.created" } })
  ).json();
  const failed = await deliveryReaching(otherSeller, shopId, endpoint.id, sent.id, "failed");
  expect(failed.attempt_log[0]!.response_status).toBeNull();
  expect(failed.attempt_log[0]!.error).toBeTruthy();
});
