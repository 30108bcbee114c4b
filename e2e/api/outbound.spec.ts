import type { APIRequestContext } from "@playwright/test";
import { expect, expectValidationError, test } from "../support/api";
import { createProduct, uniqueName } from "../support/catalog";
import { completeInvoice, createPendingInvoice, GIFT_CARD, invoiceAction, seededVariantId } from "../support/invoices";
import { answerLines, INTERNAL_HOSTS, internalHostName, redirectTo, startListener, type Listener } from "../support/outbound";

/**
 * Outbound calls (dynamic delivery) reach only public addresses, this
 * server's own receiver, and the one listener that e2e/scripts/test.sh
 * names in the server's OUTBOUND_ALLOWED_HOSTS (127.0.0.1:TEST_OUTBOUND_PORT).
 * Every other listener here is internal and must receive nothing.
 */

const ALLOWED_PORT = Number(process.env.TEST_OUTBOUND_PORT);

const productsPath = (shopId: number) => `/v1/shops/${shopId}/products`;

function dynamicProductBody(urls: string[]) {
  return {
    name: uniqueName("Outbound"),
    deliverables_type: "dynamic",
    variants: urls.map((url, index) => ({ name: `V${index}`, price: 5, dynamic_url: url })),
  };
}

/** Sells one unit of a new dynamic product whose URL is `url` and completes the invoice (the call runs before the answer). */
async function deliverThrough(seller: APIRequestContext, shopId: number, url: string) {
  const product = await createProduct(seller, shopId, dynamicProductBody([url]));
  const invoice = await createPendingInvoice(seller, shopId, [{ variant_id: product.variants[0].id, quantity: 1 }]);
  const done = await completeInvoice(seller, shopId, invoice.id);
  expect(done.status).toBe("completed");
  return { invoice: done, item: done.items[0]! };
}

test.describe("outbound calls: save time", () => {
  test("an internal URL in any spelling, or another scheme, is 422 on its field at create and update", async ({ seller, shopId }) => {
    const listener = await startListener();
    try {
      const urls = [
        ...INTERNAL_HOSTS.map((host) => `http://${host}:${listener.port}/deliver`),
        `https://127.0.0.1:${listener.port}/`,
        `ftp://example.com/codes`,
        `file:///etc/passwd`,
        `gopher://127.0.0.1:${listener.port}/_`,
        `javascript:alert(1)`,
        `data:text/plain,KEY`,
      ];
      const created = await seller.post(productsPath(shopId), { data: dynamicProductBody(urls) });
      const body = await expectValidationError(created, "variants.0.dynamic_url");
      expect(Object.keys(body.errors).sort()).toEqual(urls.map((_, index) => `variants.${index}.dynamic_url`).sort());
      expect(body.errors["variants.0.dynamic_url"]).toEqual([
        "The variants.0.dynamic url field must be a public address: internal and loopback addresses are refused.",
      ]);

      const product = await createProduct(seller, shopId, dynamicProductBody(["https://supplier.example/codes"]));
      for (const url of [`http://[::ffff:169.254.169.254]/latest/meta-data/`, `http://metadata.google.internal/computeMetadata/v1/`]) {
        const update = await seller.put(`${productsPath(shopId)}/${product.id}/update`, {
          data: { ...dynamicProductBody([url]), variants: [{ id: product.variants[0].id, name: "V0", price: 5, dynamic_url: url }] },
        });
        await expectValidationError(update, "variants.0.dynamic_url");
      }
      const kept = await (await seller.get(`${productsPath(shopId)}/${product.id}`)).json();
      expect(kept.variants[0].dynamic_url).toBe("https://supplier.example/codes");
      expect(listener.received).toHaveLength(0);
    } finally {
      await listener.close();
    }
  });

  test("this server's own receiver is allowed; its other paths are not", async ({ seller, shopId, baseURL }) => {
    const own = `${baseURL}/v1/reseller/dynamic/some-token?product_id=1&variant_id=1`;
    expect((await seller.post(productsPath(shopId), { data: dynamicProductBody([own]) })).status()).toBe(201);
    const elsewhere = await seller.post(productsPath(shopId), { data: dynamicProductBody([`${baseURL}/v1/health`]) });
    await expectValidationError(elsewhere, "variants.0.dynamic_url");
  });
});

test.describe("outbound calls: send time", () => {
  test("a DNS name that resolves to an internal address is recorded on the item as refused; nothing is sent", async ({
    seller,
    shopId,
  }) => {
    const name = await internalHostName();
    const listener = await startListener();
    try {
      const { item } = await deliverThrough(seller, shopId, `http://${name}:${listener.port}/deliver`);
      expect(item.status).toBe("pending");
      expect(item.dynamic_attempts).toBe(1);
      expect(item.dynamic_last_error).toMatch(new RegExp(`^Refused: ${name} resolves to an internal address`));
      expect(item.delivered).toEqual([]);
      expect(listener.received).toHaveLength(0);
    } finally {
      await listener.close();
    }
  });

  test("the shop-to-shop demo delivery through this server's own receiver still works", async ({ seller, shopId }) => {
    const invoice = await createPendingInvoice(seller, shopId, [
      { variant_id: await seededVariantId(seller, shopId, ...GIFT_CARD), quantity: 1 },
    ]);
    const item = (await completeInvoice(seller, shopId, invoice.id)).items[0]!;
    expect(item.dynamic_last_error).toBeNull();
    expect(item.status).toBe("completed");
    expect(item.delivered).toHaveLength(1);
  });
});

test.describe("outbound calls: the allowed listener", () => {
  // One listener on the port the server allows, so these run one after another.
  test.describe.configure({ mode: "serial" });

  let allowed: Listener;
  let internal: Listener;
  test.beforeAll(async () => {
    expect(ALLOWED_PORT, "TEST_OUTBOUND_PORT is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
    internal = await startListener();
    allowed = await startListener(
      (request, response, body) =>
        request.url === "/redirect"
          ? redirectTo(`http://127.0.0.1:${internal.port}/steal`)(request, response, body)
          : answerLines(request, response, body),
      ALLOWED_PORT,
    );
  });
  test.afterAll(async () => {
    await allowed?.close();
    await internal?.close();
  });

  test("an OUTBOUND_ALLOWED_HOSTS entry allows exactly that host:port", async ({ seller, shopId }) => {
    const before = allowed.received.length;
    const { item } = await deliverThrough(seller, shopId, `http://127.0.0.1:${ALLOWED_PORT}/deliver`);
    expect(item.status).toBe("completed");
    expect(item.delivered).toEqual(["LINE-1"]);
    expect(allowed.received).toHaveLength(before + 1);
    const call = allowed.received.at(-1)!;
    expect(call.method).toBe("POST");
    expect(call.headers["idempotency-key"]).toBe(`shopdesk-invoice-item-${item.id}-attempt-1`);
    expect(call.headers["x-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(call.body).item).toMatchObject({ id: item.id, quantity: 1 });

    for (const url of [
      `http://127.0.0.1:${internal.port}/deliver`,
      `http://localhost:${ALLOWED_PORT}/deliver`,
      `http://[::1]:${ALLOWED_PORT}/deliver`,
      `http://127.0.0.2:${ALLOWED_PORT}/deliver`,
    ]) {
      await expectValidationError(await seller.post(productsPath(shopId), { data: dynamicProductBody([url]) }), "variants.0.dynamic_url");
    }
    // another spelling of the very same address and port is that entry (URLs are compared as the URL parser normalises them)
    expect((await seller.post(productsPath(shopId), { data: dynamicProductBody([`http://2130706433:${ALLOWED_PORT}/x`]) })).status()).toBe(
      201,
    );
    expect(internal.received).toHaveLength(0);
  });

  test("a redirect to an internal address is not followed: recorded on the item, its target receives nothing", async ({
    seller,
    shopId,
  }) => {
    const { invoice, item } = await deliverThrough(seller, shopId, `http://127.0.0.1:${ALLOWED_PORT}/redirect`);
    const refusal = `HTTP 302: Redirects are not followed (Location: http://127.0.0.1:${internal.port}/steal).`;
    expect(item.status).toBe("pending");
    expect(item.dynamic_last_error).toBe(refusal);
    expect(allowed.received.at(-1)!.path).toBe("/redirect");

    // a new attempt ends the same way
    const redone = await invoiceAction(seller, shopId, invoice.id, "redo-dynamic-delivery", { invoice_item_id: item.id });
    expect(redone.status(), await redone.text()).toBe(200);
    expect((await redone.json()).items[0]).toMatchObject({ status: "pending", dynamic_attempts: 2, dynamic_last_error: refusal });
    expect(internal.received).toHaveLength(0);
  });
});
