import { expect, expectShopNotFound, expectUnauthenticated, expectValidationError, test } from "../support/api";
import { createProduct } from "../support/catalog";

/** PUT /v1/shops/{shopId}/products/sort {sortedIds}: places in one statement, all or nothing. */
test("products take their place in the list; a stranger's id, a duplicate or an empty list change nothing", async ({
  seller,
  otherSeller,
  anonymous,
  shopId,
  foreignShopId,
}) => {
  const [a, b, c] = [await createProduct(seller, shopId), await createProduct(seller, shopId), await createProduct(seller, shopId)];
  const url = `/v1/shops/${shopId}/products/sort`;
  const priorities = async () =>
    Promise.all(
      [a, b, c].map(async (product) => (await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json()).sort_priority),
    );

  const sorted = await seller.put(url, { data: { sortedIds: [c.id, a.id, b.id] } });
  expect(sorted.status(), await sorted.text()).toBe(200);
  expect(await sorted.json()).toEqual({ message: "Products sorted.", updated: 3 });
  expect(await priorities()).toEqual([1, 2, 0]);

  const foreign = await createProduct(otherSeller, foreignShopId);
  const refused = await seller.put(url, { data: { sortedIds: [a.id, foreign.id, c.id] } });
  await expectValidationError(refused, "sortedIds.1");
  await expectValidationError(await seller.put(url, { data: { sortedIds: [a.id, a.id] } }), "sortedIds");
  await expectValidationError(await seller.put(url, { data: { sortedIds: [] } }), "sortedIds");
  await expectValidationError(await seller.put(url, { data: {} }), "sortedIds");
  expect(await priorities()).toEqual([1, 2, 0]);

  await expectShopNotFound(await otherSeller.put(url, { data: { sortedIds: [a.id] } }));
  await expectUnauthenticated(await anonymous.put(url, { data: { sortedIds: [a.id] } }));
});
