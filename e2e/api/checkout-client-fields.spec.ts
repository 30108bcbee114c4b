import type { APIRequestContext, APIResponse } from "@playwright/test";
import type { BuyerInvoiceView, CheckoutView } from "../../lib/checkout/schemas";
import type { CustomerView } from "../../lib/customers/schemas";
import type { InvoiceListItemView, InvoiceView } from "../../lib/invoices/schemas";
import { expect, expectValidationError, test } from "../support/api";
import { BITCOIN_ADDRESS, buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";
import { completeInvoice } from "../support/invoices";
import { addPaymentMethod, ownShop } from "../support/payment-methods";

/**
 * The checkout fields the clients of this API family send besides the cart:
 * discord_user_id and its OAuth tokens, newsletter, and no gateway at all
 * (the buyer chooses it on the buyer page: POST /v1/buyer/invoices/{uniqueId}/gateway).
 */

test.beforeEach(async ({ seller, shopId }) => enableGateways(seller, shopId));

const SNOWFLAKE = "123456789012345678";
const ACCESS_TOKEN = "discordAccessTokenShouldNeverComeBack0001";
const REFRESH_TOKEN = "discordRefreshTokenShouldNeverComeBack0001";

type CustomerList = { data: CustomerView[] };
type InvoiceList = { data: InvoiceListItemView[] };

async function json<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

function choose(client: APIRequestContext, uniqueId: string, gateway: string) {
  return client.post(`/v1/buyer/invoices/${uniqueId}/gateway`, { data: { gateway } });
}

test.describe("checkout client fields", () => {
  test("discord_user_id lands on the invoice and the customer, the tokens are never answered, newsletter consent is kept", async ({
    seller,
    shopId,
    anonymous,
  }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId);
    const email = buyerEmail();
    const cart = [{ productId, variantId, quantity: 1 }];
    const made = await checkout(seller, shopId, {
      cart,
      email,
      gateway: "MANUAL",
      discord_user_id: SNOWFLAKE,
      discord_access_token: ACCESS_TOKEN,
      discord_refresh_token: REFRESH_TOKEN,
      newsletter: true,
    });
    const created = await json<CheckoutView>(made, 201);
    const answers = [JSON.stringify(created)];

    const invoiceResponse = await seller.get(`/v1/shops/${shopId}/invoices/${created.unique_id}`);
    const invoice = await json<InvoiceView>(invoiceResponse);
    answers.push(JSON.stringify(invoice));
    expect(invoice.discord_user_id).toBe(SNOWFLAKE);
    expect(invoice).not.toHaveProperty("discord_access_token");
    expect(invoice).not.toHaveProperty("discord_refresh_token");

    const customer = await json<CustomerView>(await seller.get(`/v1/shops/${shopId}/customers/${invoice.customer_id}`));
    answers.push(JSON.stringify(customer));
    expect(customer).toMatchObject({ discord_user_id: SNOWFLAKE, newsletter: true, newsletter_at: expect.any(String) });

    answers.push(await (await anonymous.get(`/v1/buyer/invoices/${created.unique_id}`)).text());
    answers.push(await (await seller.get(`/v1/shops/${shopId}/invoices`, { params: { perPage: 5 } })).text());
    answers.push(await (await seller.get(`/v1/shops/${shopId}/abandoned-checkouts`, { params: { search: email } })).text());
    answers.push(await (await seller.get(`/v1/shops/${shopId}/invoices/export`, { params: { search: email } })).text());
    for (const answer of answers) {
      expect(answer).not.toContain(ACCESS_TOKEN);
      expect(answer).not.toContain(REFRESH_TOKEN);
    }

    // A later checkout with another account and without the box: the latest account wins, the consent stays.
    const later = "98765432109876543";
    await json<CheckoutView>(
      await checkout(seller, shopId, { cart, email, gateway: "MANUAL", discord_user_id: later, newsletter: false }),
      201,
    );
    const after = await json<CustomerView>(await seller.get(`/v1/shops/${shopId}/customers/${invoice.customer_id}`));
    expect(after).toMatchObject({ discord_user_id: later, newsletter: true, newsletter_at: customer.newsletter_at });

    // The list filters on the consent.
    const subscribed = await json<CustomerList>(
      await seller.get(`/v1/shops/${shopId}/customers`, { params: { email, newsletter: "true" } }),
    );
    expect(subscribed.data.map((row) => row.id)).toEqual([invoice.customer_id]);
    const notSubscribed = await json<CustomerList>(
      await seller.get(`/v1/shops/${shopId}/customers`, { params: { email, newsletter: "false" } }),
    );
    expect(notSubscribed.data).toEqual([]);

    // A buyer who never ticked it.
    const other = await json<CheckoutView>(await checkout(seller, shopId, { cart, email: buyerEmail(), gateway: "MANUAL" }), 201);
    const otherInvoice = await json<InvoiceView>(await seller.get(`/v1/shops/${shopId}/invoices/${other.unique_id}`));
    expect(otherInvoice.discord_user_id).toBeNull();
    const otherCustomer = await json<CustomerView>(await seller.get(`/v1/shops/${shopId}/customers/${otherInvoice.customer_id}`));
    expect(otherCustomer).toMatchObject({ discord_user_id: null, newsletter: false, newsletter_at: null });
  });

  test("the fields are bounded: a snowflake of 17 to 20 digits, tokens of at most 512 characters, newsletter a boolean", async ({
    seller,
    shopId,
  }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId);
    const base = { cart: [{ productId, variantId, quantity: 1 }], email: buyerEmail(), gateway: "MANUAL" };
    for (const bad of ["1234", "12345678901234567890123", "12345678901234567a", 123456789012345678])
      await expectValidationError(await checkout(seller, shopId, { ...base, discord_user_id: bad }), "discord_user_id");
    await expectValidationError(await checkout(seller, shopId, { ...base, discord_access_token: "x".repeat(513) }), "discord_access_token");
    await expectValidationError(
      await checkout(seller, shopId, { ...base, discord_refresh_token: "x".repeat(513) }),
      "discord_refresh_token",
    );
    await expectValidationError(await checkout(seller, shopId, { ...base, newsletter: "maybe" }), "newsletter");
    // the clients that make email optional are told so on `email`
    await expectValidationError(await checkout(seller, shopId, { ...base, gateway: "" }), "gateway");
    const { email: _email, ...withoutEmail } = base;
    await expectValidationError(await checkout(seller, shopId, withoutEmail), "email");
    expect((await checkout(seller, shopId, { ...base, discord_user_id: "12345678901234567890", newsletter: "false" })).status()).toBe(201);
    const withNull = await json<CheckoutView>(await checkout(seller, shopId, { ...base, gateway: null }), 201);
    expect((await json<InvoiceView>(await seller.get(`/v1/shops/${shopId}/invoices/${withNull.unique_id}`))).gateway).toBeNull();
  });

  test("without a gateway the invoice waits for the buyer's choice; BTC then shows how to pay, and a second choice is refused", async ({
    seller,
    shopId,
    anonymous,
  }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, { price: 10 });
    const created = await json<CheckoutView>(
      await checkout(seller, shopId, { cart: [{ productId, variantId, quantity: 2 }], email: buyerEmail() }),
      201,
    );
    expect(created).toEqual({
      success: true,
      invoice_id: expect.any(Number),
      unique_id: expect.any(String),
      invoice_url: expect.stringMatching(new RegExp(`/invoice/${created.unique_id}$`)),
      url: null,
    });
    const invoice = await json<InvoiceView>(await seller.get(`/v1/shops/${shopId}/invoices/${created.unique_id}`));
    expect(invoice).toMatchObject({ status: "pending", gateway: null, price: "20.00" });
    const listed = await json<InvoiceList>(await seller.get(`/v1/shops/${shopId}/invoices`, { params: { perPage: 50 } }));
    expect(listed.data.find((row) => row.id === invoice.id)).toMatchObject({ gateway: null });

    const page = await json<BuyerInvoiceView>(await anonymous.get(`/v1/buyer/invoices/${created.unique_id}`));
    expect(page.payment).toMatchObject({ gateway: null, kind: null, address: null, coin_amount: null, note: "Choose how to pay." });
    const offered = page.payment.choices.map((choice) => choice.gateway);
    expect(offered).toEqual(expect.arrayContaining(["CARDPROC", "BTC", "LTC", "MANUAL"]));
    expect(offered).not.toContain("CUSTOMERBALANCE");
    expect(page.payment.choices.find((choice) => choice.gateway === "BTC")?.name).toEqual(expect.any(String));

    await expectValidationError(await choose(anonymous, created.unique_id, "CUSTOMERBALANCE"), "gateway");
    await expectValidationError(await choose(anonymous, created.unique_id, "PAYPAL"), "gateway");
    await expectValidationError(await anonymous.post(`/v1/buyer/invoices/${created.unique_id}/gateway`, { data: {} }), "gateway");

    const chosen = await json<BuyerInvoiceView>(await choose(anonymous, created.unique_id, "btc"));
    expect(chosen.payment).toMatchObject({
      gateway: "BTC",
      kind: "crypto",
      choices: [],
      address: BITCOIN_ADDRESS,
      amount: "20.00 USD",
      coin: "BTC",
    });
    expect(chosen.payment.coin_amount === null ? chosen.payment.note : chosen.payment.payment_uri).toEqual(expect.any(String));
    expect((await json<InvoiceView>(await seller.get(`/v1/shops/${shopId}/invoices/${created.unique_id}`))).gateway).toBe("BTC");

    const again = await expectValidationError(await choose(anonymous, created.unique_id, "LTC"), "status");
    expect(again.errors.status).toEqual(["This order's payment method is already chosen."]);
    expect((await choose(anonymous, "noSuchInvoice0000000", "BTC")).status()).toBe(404);
  });

  test("a gateway a product refuses is not offered and is 422; a completed or cancelled invoice refuses a choice", async ({
    seller,
    shopId,
    anonymous,
  }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, { price: 5, disabled_payment_methods: ["BTC"] });
    const cart = [{ productId, variantId, quantity: 1 }];
    // a checkout naming the refused gateway is 422 on the product, as before
    await expectValidationError(await checkout(seller, shopId, { cart, email: buyerEmail(), gateway: "BTC" }), "cart.0.productId");

    const created = await json<CheckoutView>(await checkout(seller, shopId, { cart, email: buyerEmail() }), 201);
    const page = await json<BuyerInvoiceView>(await anonymous.get(`/v1/buyer/invoices/${created.unique_id}`));
    expect(page.payment.choices.map((choice) => choice.gateway)).not.toContain("BTC");
    const refused = await expectValidationError(await choose(anonymous, created.unique_id, "BTC"), "gateway");
    expect(refused.errors.gateway).toEqual(["A product of this order cannot be paid with the selected gateway."]);

    const completed = await json<CheckoutView>(await checkout(seller, shopId, { cart, email: buyerEmail() }), 201);
    await completeInvoice(seller, shopId, completed.unique_id);
    const done = await json<BuyerInvoiceView>(await anonymous.get(`/v1/buyer/invoices/${completed.unique_id}`));
    expect(done.payment).toMatchObject({ gateway: null, choices: [] });
    await expectValidationError(await choose(anonymous, completed.unique_id, "MANUAL"), "status");

    const cancelled = await json<CheckoutView>(await checkout(seller, shopId, { cart, email: buyerEmail() }), 201);
    expect((await seller.post(`/v1/shops/${shopId}/invoices/${cancelled.invoice_id}/cancel`)).status()).toBe(200);
    await expectValidationError(await choose(anonymous, cancelled.unique_id, "MANUAL"), "status");
  });

  test("the payment methods' amount bounds decide what is offered and what is taken", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    const { client, shopId: shop } = await ownShop(playwright, baseURL, anonymous, shopId);
    await addPaymentMethod(client, shop, { gateway: "MANUAL", display_name: "Bank transfer", min_amount: 20 });
    await addPaymentMethod(client, shop, { gateway: "BTC", max_amount: 15, settings: { bitcoin_address: BITCOIN_ADDRESS } });
    const product = await stockedProduct(client, shop, { price: 10, serials: 5 });
    const buy = async (quantity: number) =>
      (
        await json<CheckoutView>(
          await checkout(client, shop, {
            cart: [{ productId: product.productId, variantId: product.variantId, quantity }],
            email: buyerEmail(),
          }),
          201,
        )
      ).unique_id;

    const small = await buy(1);
    const smallPage = await json<BuyerInvoiceView>(await anonymous.get(`/v1/buyer/invoices/${small}`));
    expect(smallPage.payment.choices).toEqual([{ gateway: "BTC", name: "Bitcoin", total: "10.00", gateway_fee: "0.00" }]);
    const below = await expectValidationError(await choose(anonymous, small, "MANUAL"), "gateway");
    expect(below.errors.gateway).toEqual(["MANUAL takes orders of at least 20.00."]);

    const large = await buy(2);
    const largePage = await json<BuyerInvoiceView>(await anonymous.get(`/v1/buyer/invoices/${large}`));
    expect(largePage.payment.choices).toEqual([{ gateway: "MANUAL", name: "Bank transfer", total: "20.00", gateway_fee: "0.00" }]);
    const above = await expectValidationError(await choose(anonymous, large, "BTC"), "gateway");
    expect(above.errors.gateway).toEqual(["BTC takes orders of at most 15.00."]);
    const chosen = await json<BuyerInvoiceView>(await choose(anonymous, large, "MANUAL"));
    expect(chosen.payment).toMatchObject({ gateway: "MANUAL", kind: "manual", choices: [] });
  });
});
