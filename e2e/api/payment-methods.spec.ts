import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import {
  BITCOIN_ADDRESS,
  CARDPROC_API_KEY,
  CARDPROC_WEBHOOK_SECRET,
  buyerEmail,
  checkout,
  enableGateways,
  stockedProduct,
} from "../support/checkout";
import { addPaymentMethod, ownShop } from "../support/payment-methods";

/**
 * /v1/shops/{shopId}/payment-methods: each gateway a record; the shop's
 * `valid_payment_methods` (GET /settings) is derived from the enabled ones
 * in their order, and PUT /settings' list drives the records. Every test
 * works in a shop of its own: the demo shop's gateways stay as the checkout
 * specs set them.
 */

async function methods(client: APIRequestContext, shopId: number) {
  const response = await client.get(`/v1/shops/${shopId}/payment-methods`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data as { id: number; gateway: string; enabled: boolean; position: number }[];
}

async function validPaymentMethods(client: APIRequestContext, shopId: number) {
  const response = await client.get(`/v1/shops/${shopId}/settings`);
  expect(response.status()).toBe(200);
  return (await response.json()).valid_payment_methods as string[];
}

test.describe("payment methods", () => {
  test("create, read, update, delete; secrets write-only; the shop's list follows", async ({ playwright, baseURL, anonymous, shopId }) => {
    const { client, shopId: shop } = await ownShop(playwright, baseURL, anonymous, shopId);
    const bitcoin = await addPaymentMethod(client, shop, {
      gateway: "btc",
      display_name: "Bitcoin",
      min_amount: "5",
      settings: { bitcoin_address: BITCOIN_ADDRESS },
    });
    expect(bitcoin).toMatchObject({
      gateway: "BTC",
      display_name: "Bitcoin",
      enabled: true,
      position: 0,
      min_amount: "5.00",
      max_amount: null,
      fee_percent: null,
      settings: { bitcoin_address: BITCOIN_ADDRESS },
    });
    const card = await client.post(`/v1/shops/${shop}/payment-methods`, {
      data: { gateway: "CARDPROC", settings: { cardproc_api_key: CARDPROC_API_KEY, cardproc_webhook_secret: CARDPROC_WEBHOOK_SECRET } },
    });
    const cardText = await card.text();
    expect(card.status(), cardText).toBe(201);
    expect(cardText).not.toContain(CARDPROC_API_KEY);
    expect(cardText).not.toContain(CARDPROC_WEBHOOK_SECRET);
    expect(JSON.parse(cardText).settings).toMatchObject({ cardproc_api_key_set: true, cardproc_webhook_secret_set: true });
    const manual = await addPaymentMethod(client, shop, { gateway: "MANUAL", enabled: false, fee_percent: -2.5 });
    expect(manual).toMatchObject({ position: 2, enabled: false, fee_percent: "-2.50", settings: {} });
    expect(await validPaymentMethods(client, shop)).toEqual(["BTC", "CARDPROC"]);

    // refused: a gateway already there, an unknown one, an enabled one without its settings, bounds out of order
    await expectValidationError(await client.post(`/v1/shops/${shop}/payment-methods`, { data: { gateway: "BTC" } }), "gateway");
    await expectValidationError(await client.post(`/v1/shops/${shop}/payment-methods`, { data: { gateway: "PAYPAL" } }), "gateway");
    await expectValidationError(await client.post(`/v1/shops/${shop}/payment-methods`, { data: { gateway: "LTC" } }), "enabled");
    await expectValidationError(
      await client.post(`/v1/shops/${shop}/payment-methods`, { data: { gateway: "LTC", enabled: false, fee_percent: 101 } }),
      "fee_percent",
    );
    const one = `/v1/shops/${shop}/payment-methods/${bitcoin.id}`;
    await expectValidationError(await client.put(one, { data: { max_amount: 4 } }), "max_amount");
    expect((await methods(client, shop)).map((method) => method.gateway)).toEqual(["BTC", "CARDPROC", "MANUAL"]);

    const updated = await client.put(one, { data: { display_name: "", max_amount: 100, min_amount: null } });
    expect(updated.status(), await updated.text()).toBe(200);
    expect(await updated.json()).toMatchObject({ display_name: null, min_amount: null, max_amount: "100.00" });
    expect(await (await client.get(one)).json()).toMatchObject({ id: bitcoin.id, max_amount: "100.00" });

    const removed = await client.delete(one);
    expect(await removed.json()).toEqual({ message: "Payment method deleted." });
    const gone = await client.get(one);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: "Payment method not found." });
    expect(await validPaymentMethods(client, shop)).toEqual(["CARDPROC"]);
    // the gateway's settings stay on the shop: a new record of it finds them
    expect((await addPaymentMethod(client, shop, { gateway: "BTC" })).settings).toEqual({ bitcoin_address: BITCOIN_ADDRESS });
    expect(await validPaymentMethods(client, shop)).toEqual(["CARDPROC", "BTC"]);

    const audit = await (await client.get(`/v1/shops/${shop}/audit-log`, { params: { target_type: "payment_method" } })).json();
    expect(audit.data.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(["payment_method.created", "payment_method.updated", "payment_method.deleted"]),
    );
  });

  test("toggle and order drive valid_payment_methods; PUT /settings drives the records", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    const { client, shopId: shop } = await ownShop(playwright, baseURL, anonymous, shopId);
    const manual = await addPaymentMethod(client, shop, { gateway: "MANUAL" });
    const bitcoin = await addPaymentMethod(client, shop, { gateway: "BTC", settings: { bitcoin_address: BITCOIN_ADDRESS } });
    const litecoin = await addPaymentMethod(client, shop, { gateway: "LTC", enabled: false });
    expect(await validPaymentMethods(client, shop)).toEqual(["MANUAL", "BTC"]);

    const toggled = await client.post(`/v1/shops/${shop}/payment-methods/${manual.id}/toggle`);
    expect(await toggled.json()).toMatchObject({ id: manual.id, enabled: false });
    expect(await validPaymentMethods(client, shop)).toEqual(["BTC"]);
    // enabling a gateway without its settings is refused as PUT /settings refuses it
    await expectValidationError(await client.post(`/v1/shops/${shop}/payment-methods/${litecoin.id}/toggle`), "enabled");
    await client.post(`/v1/shops/${shop}/payment-methods/${manual.id}/toggle`);

    const order = `/v1/shops/${shop}/payment-methods/order`;
    const ordered = await client.put(order, { data: { paymentMethods: [litecoin.id, bitcoin.id, manual.id] } });
    expect(ordered.status(), await ordered.text()).toBe(200);
    expect((await ordered.json()).data.map((method: { id: number; position: number }) => [method.id, method.position])).toEqual([
      [litecoin.id, 0],
      [bitcoin.id, 1],
      [manual.id, 2],
    ]);
    expect(await validPaymentMethods(client, shop)).toEqual(["BTC", "MANUAL"]);
    for (const paymentMethods of [
      [bitcoin.id, manual.id],
      [litecoin.id, bitcoin.id, manual.id, manual.id],
      [litecoin.id, bitcoin.id, 999_999_999],
    ])
      await expectValidationError(await client.put(order, { data: { paymentMethods } }), "paymentMethods");

    // the settings' list enables what it names in its order and disables the rest
    const settings = await client.put(`/v1/shops/${shop}/settings`, { data: { valid_payment_methods: ["MANUAL", "CARDPROC"] } });
    await expectValidationError(settings, "valid_payment_methods");
    const put = await client.put(`/v1/shops/${shop}/settings`, { data: { valid_payment_methods: ["MANUAL"] } });
    expect((await put.json()).valid_payment_methods).toEqual(["MANUAL"]);
    expect((await methods(client, shop)).map(({ gateway, enabled, position }) => ({ gateway, enabled, position }))).toEqual([
      { gateway: "MANUAL", enabled: true, position: 0 },
      { gateway: "LTC", enabled: false, position: 1 },
      { gateway: "BTC", enabled: false, position: 2 },
    ]);
    await client.put(`/v1/shops/${shop}/settings`, { data: { valid_payment_methods: ["BTC", "MANUAL"] } });
    expect((await methods(client, shop)).filter((method) => method.enabled).map((method) => method.gateway)).toEqual(["BTC", "MANUAL"]);
  });

  test("the checkout takes only an enabled method, within its bounds", async ({ playwright, baseURL, anonymous, shopId }) => {
    const { client, shopId: shop } = await ownShop(playwright, baseURL, anonymous, shopId);
    const manual = await addPaymentMethod(client, shop, { gateway: "MANUAL", min_amount: 20, max_amount: 30 });
    const product = await stockedProduct(client, shop, { price: 10, serials: 5 });
    const buy = (quantity: number, gateway = "MANUAL") =>
      checkout(client, shop, {
        cart: [{ productId: product.productId, variantId: product.variantId, quantity }],
        email: buyerEmail(),
        gateway,
      });
    const below = await expectValidationError(await buy(1), "gateway");
    expect(below.errors.gateway).toEqual(["MANUAL takes orders of at least 20.00."]);
    const above = await expectValidationError(await buy(4), "gateway");
    expect(above.errors.gateway).toEqual(["MANUAL takes orders of at most 30.00."]);
    expect((await buy(2)).status()).toBe(201);
    expect((await buy(3)).status()).toBe(201);

    await client.post(`/v1/shops/${shop}/payment-methods/${manual.id}/toggle`);
    await expectValidationError(await buy(2), "gateway");
    await expectValidationError(await buy(2, "BTC"), "gateway");
  });

  test("a method's fee or discount is priced into the checkout, the live price, the buyer's choice and a manual invoice", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    const { client, shopId: shop, subdomain } = await ownShop(playwright, baseURL, anonymous, shopId);
    // 10 % on manual payments, and their bounds count the fee: 2 x 9.99 = 19.98 is under 21 before it, 21.98 after
    await addPaymentMethod(client, shop, { gateway: "MANUAL", fee_percent: 10, min_amount: 21 });
    await addPaymentMethod(client, shop, { gateway: "BTC", fee_percent: -5, settings: { bitcoin_address: BITCOIN_ADDRESS } });
    const product = await stockedProduct(client, shop, { price: 9.99, serials: 20 });
    const cart = [{ productId: product.productId, variantId: product.variantId, quantity: 2 }];
    const invoice = async (id: number) => (await (await client.get(`/v1/shops/${shop}/invoices/${id}`)).json()) as Record<string, unknown>;

    // the checkout: 19.98 + 1.998 (2.00, half-up) with MANUAL; 19.98 - 0.999 (1.00) with BTC
    const manual = await checkout(client, shop, { cart, email: buyerEmail(), gateway: "MANUAL" });
    expect(manual.status(), await manual.text()).toBe(201);
    expect(await invoice((await manual.json()).invoice_id)).toMatchObject({ price: "21.98", gateway_fee: "2.00", gateway: "MANUAL" });
    const bitcoin = await checkout(client, shop, { cart, email: buyerEmail(), gateway: "BTC" });
    expect(bitcoin.status(), await bitcoin.text()).toBe(201);
    expect(await invoice((await bitcoin.json()).invoice_id)).toMatchObject({ price: "18.98", gateway_fee: "-1.00" });
    const oneUnit = await checkout(client, shop, { cart: [{ ...cart[0], quantity: 1 }], email: buyerEmail(), gateway: "MANUAL" });
    expect((await expectValidationError(oneUnit, "gateway")).errors.gateway).toEqual(["MANUAL takes orders of at least 21.00."]);

    // the storefront's live price answers the chosen gateway's fee, as its checkout will write it
    const live = async (gateway?: string) => {
      const response = await anonymous.post(`/s/${subdomain}/api/price`, { data: { cart, gateway } });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { gateway_fee: string; total: string };
    };
    expect(await live()).toMatchObject({ gateway_fee: "0.00", total: "19.98" });
    expect(await live("MANUAL")).toMatchObject({ gateway_fee: "2.00", total: "21.98" });
    expect(await live("btc")).toMatchObject({ gateway_fee: "-1.00", total: "18.98" });

    // no gateway at the checkout: the buyer's page offers each method with its total, and the choice writes it
    const open = await checkout(client, shop, { cart, email: buyerEmail() });
    expect(open.status(), await open.text()).toBe(201);
    const { unique_id: uniqueId, invoice_id: openId } = await open.json();
    expect(await invoice(openId)).toMatchObject({ price: "19.98", gateway_fee: "0.00", gateway: null });
    const page = await (await anonymous.get(`/v1/buyer/invoices/${uniqueId}`)).json();
    expect(page.payment.choices).toEqual([
      { gateway: "MANUAL", name: "Manual payment", total: "21.98", gateway_fee: "2.00" },
      { gateway: "BTC", name: "Bitcoin", total: "18.98", gateway_fee: "-1.00" },
    ]);
    const chosen = await anonymous.post(`/v1/buyer/invoices/${uniqueId}/gateway`, { data: { gateway: "BTC" } });
    expect(chosen.status(), await chosen.text()).toBe(200);
    expect(await chosen.json()).toMatchObject({ subtotal: "19.98", coupon_discount: "0.00", gateway_fee: "-1.00", total: "18.98" });
    expect(await invoice(openId)).toMatchObject({ price: "18.98", price_usd: "18.98", gateway_fee: "-1.00", gateway: "BTC" });

    // a manual invoice of the dashboard is priced with its gateway's fee too
    const made = await client.post(`/v1/shops/${shop}/invoices`, {
      data: { email: buyerEmail(), items: [{ variant_id: product.variantId, quantity: 2 }], gateway: "MANUAL" },
    });
    expect(made.status(), await made.text()).toBe(201);
    expect(await invoice((await made.json()).id)).toMatchObject({ price: "21.98", gateway_fee: "2.00" });
  });

  test("the storefront's cart offers the enabled gateways in their order under their display names, afresh after a change", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    const { client, shopId: shop, subdomain } = await ownShop(playwright, baseURL, anonymous, shopId);
    const manual = await addPaymentMethod(client, shop, { gateway: "MANUAL" });
    const bitcoin = await addPaymentMethod(client, shop, { gateway: "BTC", settings: { bitcoin_address: BITCOIN_ADDRESS } });
    // the cart page hands its gateways to the checkout form: read them from the page's props
    const offered = async () => {
      const html = await (await anonymous.get(`/s/${subdomain}/cart`)).text();
      return JSON.parse(html.match(/\\?"gateways\\?":(\[[^\]]*\])/)![1]!.replaceAll('\\"', '"')) as { code: string; name: string }[];
    };
    const offeredCodes = async () => (await offered()).map((gateway) => gateway.code);
    expect(await offered()).toEqual([
      { code: "MANUAL", name: "Manual payment" },
      { code: "BTC", name: "Bitcoin" },
    ]);
    // the seller's display name is what the buyer reads
    await client.put(`/v1/shops/${shop}/payment-methods/${bitcoin.id}`, { data: { display_name: "Pay in BTC <b>now</b>" } });
    await expect.poll(offered).toContainEqual({ code: "BTC", name: "Pay in BTC <b>now</b>" });
    await client.put(`/v1/shops/${shop}/payment-methods/order`, { data: { paymentMethods: [bitcoin.id, manual.id] } });
    // the shop's row is written with every change: its NOTIFY expires the cached page (polled: it arrives a moment after the commit)
    await expect.poll(offeredCodes).toEqual(["BTC", "MANUAL"]);
    await client.post(`/v1/shops/${shop}/payment-methods/${bitcoin.id}/toggle`);
    await expect.poll(offeredCodes).toEqual(["MANUAL"]);
  });

  test("guards: keys, other sellers' shops, other shops' methods", async ({ seller, otherSeller, anonymous, shopId, foreignShopId }) => {
    await enableGateways(seller, shopId);
    const [first] = await methods(seller, shopId);
    const one = (shop: number) => `/v1/shops/${shop}/payment-methods/${first!.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/payment-methods` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/payment-methods`, data: { gateway: "MANUAL" } },
      { method: "get", path: one },
      { method: "put", path: one, data: { display_name: "Nope" } },
      { method: "delete", path: one },
      { method: "post", path: (shop) => `${one(shop)}/toggle` },
      { method: "put", path: (shop) => `/v1/shops/${shop}/payment-methods/order`, data: { paymentMethods: [first!.id] } },
    ]);
    // a method of another shop is not found in the caller's own shop
    const [foreign] = await methods(otherSeller, foreignShopId);
    const stranger = foreign?.id ?? 999_999_999;
    const path = `/v1/shops/${shopId}/payment-methods/${stranger}`;
    for (const response of [
      await seller.get(path),
      await seller.put(path, { data: {} }),
      await seller.post(`${path}/toggle`),
      await seller.delete(path),
    ]) {
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ message: "Payment method not found." });
    }
  });
});
