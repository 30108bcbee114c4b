import type { APIRequestContext } from "@playwright/test";
import { expect, expectValidationError, test } from "../support/api";
import { createCustomField, createProduct, uniqueName } from "../support/catalog";
import { buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";
import { shopSubdomain } from "../support/storefront";

/**
 * Fields the clients of this API family send to custom fields and groups,
 * beyond the spec's tables: stored, returned, and doing what they say
 * (a default answer, a pattern answers must match, a group's badge on the
 * storefront).
 */

async function invoiceOf(seller: APIRequestContext, shopId: number, uniqueId: string) {
  return (await seller.get(`/v1/shops/${shopId}/invoices/${uniqueId}`)).json();
}

test("custom fields: placeholder, default and regex round-trip; the checkout uses the default and holds answers to the pattern", async ({
  seller,
  shopId,
}) => {
  await enableGateways(seller, shopId);
  const field = await createCustomField(seller, shopId, {
    placeholder: "YourName#0000",
    default: "nobody#0000",
    regex: "^[a-z]+#[0-9]{4}$",
  });
  expect(field).toMatchObject({ placeholder: "YourName#0000", default: "nobody#0000", regex: "^[a-z]+#[0-9]{4}$" });
  const url = `/v1/shops/${shopId}/custom-fields/${field.id}`;
  const refused = await seller.put(url, { data: { name: field.name, type: "text", regex: "(unclosed" } });
  await expectValidationError(refused, "regex");
  await expectValidationError(await seller.put(url, { data: { name: field.name, type: "text", regex: "x".repeat(501) } }), "regex");

  const { productId, variantId } = await stockedProduct(seller, shopId, { custom_field_ids: [field.id] });
  const base = { cart: [{ productId, variantId, quantity: 1 }], email: buyerEmail(), gateway: "MANUAL" };
  // no answer: the default is the answer
  const defaulted = await checkout(seller, shopId, base);
  expect(defaulted.status(), await defaulted.text()).toBe(201);
  const stored = await invoiceOf(seller, shopId, (await defaulted.json()).invoice_id);
  expect(stored.custom_fields.map((answer: { pivot: { value: string } }) => answer.pivot.value)).toEqual(["nobody#0000"]);
  // an answer outside the pattern (case-sensitive) is 422 on the field; one inside it is stored
  const wrong = await checkout(seller, shopId, { ...base, custom_fields: { [field.name]: "Alice#1234" } });
  await expectValidationError(wrong, `custom_fields.${field.name}`);
  expect((await wrong.json()).errors[`custom_fields.${field.name}`]).toEqual([`The ${field.name} field format is invalid.`]);
  expect((await checkout(seller, shopId, { ...base, custom_fields: { [field.name]: "alice#1234" } })).status()).toBe(201);

  // cleared with null
  const cleared = await seller.put(url, { data: { name: field.name, type: "text", placeholder: null, default: null, regex: null } });
  expect(cleared.status(), await cleared.text()).toBe(200);
  expect(await cleared.json()).toMatchObject({ placeholder: null, default: null, regex: null });
});

test("groups: a badge's text and colour round-trip, a colour must be #rrggbb, and the storefront shows the badge as text", async ({
  seller,
  shopId,
  anonymous,
}) => {
  const product = await createProduct(seller, shopId, { visibility: "public" });
  const badge = `New <b>${uniqueName("x").replace(/\s/g, "")}</b>`;
  const created = await seller.post(`/v1/shops/${shopId}/groups`, {
    data: { name: uniqueName("Badged"), visibility: "public", badge_text: badge, badge_color: "#0A0", products: [product.id] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const group = await created.json();
  expect(group).toMatchObject({ badge_text: badge, badge_color: "#00aa00" });
  const url = `/v1/shops/${shopId}/groups/${group.id}`;
  for (const colour of ["red", "#12345", "#00aa00;background:url(x)", "javascript:alert(1)"]) {
    await expectValidationError(await seller.put(url, { data: { name: group.name, badge_color: colour } }), "badge_color");
  }
  await expectValidationError(await seller.put(url, { data: { name: group.name, badge_text: "x".repeat(65) } }), "badge_text");

  const home = await anonymous.get(`/s/${await shopSubdomain(seller, shopId)}`);
  expect(home.status()).toBe(200);
  const html = await home.text();
  expect(html).toContain(badge.replace("<b>", "&lt;b&gt;").replace("</b>", "&lt;/b&gt;"));
  expect(html).not.toContain(badge);

  const cleared = await seller.put(url, { data: { name: group.name, badge_text: null, badge_color: "" } });
  expect(cleared.status(), await cleared.text()).toBe(200);
  expect(await cleared.json()).toMatchObject({ badge_text: null, badge_color: null });
});
