import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createProduct, uniqueName } from "../support/catalog";
import { STEAM, createPendingInvoice, seededVariantId } from "../support/invoices";

/** Shapes that existing client libraries of this API family send or expect, tried as they send them. */

test("the dashboard note may be sent as `note`", async ({ seller, shopId }) => {
  const invoice = await createPendingInvoice(seller, shopId, [
    { variant_id: await seededVariantId(seller, shopId, ...STEAM), quantity: 1 },
  ]);
  const put = (data: unknown) => seller.put(`/v1/shops/${shopId}/invoices/${invoice.id}/dashboard-note`, { data });

  const set = await put({ note: "Called the customer." });
  expect(set.status(), await set.text()).toBe(200);
  expect((await set.json()).dashboard_note).toBe("Called the customer.");
  expect((await put({ note: null })).status()).toBe(200);
  expect((await (await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`)).json()).dashboard_note).toBeNull();

  const both = await put({ dashboard_note: "from dashboard_note", note: "from note" });
  expect((await both.json()).dashboard_note).toBe("from dashboard_note");
  expect((await (await put({ note: "" })).json()).dashboard_note).toBeNull();

  const missing = await expectValidationError(await put({}), "dashboard_note");
  expect(missing.message).toBe("The dashboard note field must be present.");
  await expectValidationError(await put({ note: 5 }), "note");
  await expectValidationError(await put({ note: "x".repeat(5001) }), "note");
});

test("a group is updated at PUT .../groups/{groupId}/update like the plain PUT", async ({
  seller,
  otherSeller,
  anonymous,
  shopId,
  foreignShopId,
}) => {
  const product = await createProduct(seller, shopId);
  const group = await (await seller.post(`/v1/shops/${shopId}/groups`, { data: { name: uniqueName("Compat") } })).json();
  const name = uniqueName("Renamed");
  const url = `/v1/shops/${shopId}/groups/${group.id}/update`;

  const body = { name, visibility: "private", products: [product.id] };
  const expected = { id: group.id, name, visibility: "private", products_count: 1, products: [{ id: product.id }] };
  const updated = await seller.put(url, { data: body });
  expect(updated.status(), await updated.text()).toBe(200);
  expect(await updated.json()).toMatchObject(expected);
  // the plain PUT answers the same shape
  expect(await (await seller.put(`/v1/shops/${shopId}/groups/${group.id}`, { data: body })).json()).toMatchObject(expected);

  await expectValidationError(await seller.put(url, { data: {} }), "name");
  const unknown = await seller.put(`/v1/shops/${shopId}/groups/999999999/update`, { data: { name } });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ message: "Group not found." });
  await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
    { method: "put", path: (shop) => `/v1/shops/${shop}/groups/${group.id}/update`, data: { name } },
  ]);

  const documented = (await (await anonymous.get("/v1/openapi.json")).json()).paths["/v1/shops/{shopId}/groups/{groupId}/update"];
  expect(documented.put.requestBody.content["application/json"].schema.required).toContain("name");
});

test("an unknown /v1 path is the JSON 404 of the conventions for every method", async ({ seller, anonymous, shopId }) => {
  const paths = ["/v1", "/v1/nothing-here", `/v1/shops/${shopId}/nothing-here`, `/v1/shops/${shopId}/invoices/1/nothing-here/deeper`];
  for (const path of paths) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const client of [anonymous, seller]) {
        const response = await client.fetch(path, { method, data: method === "GET" || method === "OPTIONS" ? undefined : {} });
        expect(response.status(), `${method} ${path}`).toBe(404);
        expect(response.headers()["content-type"]).toContain("application/json");
        expect(await response.json()).toEqual({ message: "Route not found." });
      }
    }
    const head = await anonymous.head(path);
    expect(head.status(), `HEAD ${path}`).toBe(404);
    expect(head.headers()["content-type"]).toContain("application/json");
  }
  // Pages outside /v1 keep the dashboard's own not-found page.
  expect((await anonymous.get("/nothing-here")).headers()["content-type"]).toContain("text/html");
});

test("page URLs of the envelope name the public address, not the one the server listens on", async ({ seller, shopId, baseURL }) => {
  const publicUrl = process.env.APP_URL ?? new URL(baseURL!).origin;
  const page = await (await seller.get(`/v1/shops/${shopId}/products?perPage=1&page=2`)).json();
  expect(page.path).toBe(`${publicUrl}/v1/shops/${shopId}/products`);
  expect(page.first_page_url).toBe(`${publicUrl}/v1/shops/${shopId}/products?perPage=1&page=1`);
  expect(page.prev_page_url).toBe(`${publicUrl}/v1/shops/${shopId}/products?perPage=1&page=1`);
  expect(page.next_page_url).toBe(`${publicUrl}/v1/shops/${shopId}/products?perPage=1&page=3`);
  for (const link of page.links) {
    if (link.url !== null) expect(link.url.startsWith(`${publicUrl}/`)).toBe(true);
  }
  expect(JSON.stringify(page)).not.toContain("0.0.0.0");
});
