import { expect, expectValidationError, test } from "../support/api";
import { createProduct, uniqueName } from "../support/catalog";

/**
 * The product list's filters the clients of this API family send beyond
 * `name`, `ids`, `group_ids` and `visibilities`: `type`, `deliverables_type`,
 * `paths`, `variant_name`, `group_null` and `all`. Each test's products share
 * a name no other test uses, so every query also filters by it.
 */
test("type, deliverables_type, paths, variant_name and group_null each narrow the list; all answers every match in one page", async ({
  seller,
  shopId,
}) => {
  const tag = uniqueName("Filter").replace(/\s/g, "");
  const group = await (await seller.post(`/v1/shops/${shopId}/groups`, { data: { name: uniqueName("Filter group") } })).json();
  const addon = await createProduct(seller, shopId, { name: `${tag} addon`, type: "addon" });
  const service = await createProduct(seller, shopId, {
    name: `${tag} service`,
    deliverables_type: "service",
    group_id: group.id,
    variants: [{ name: `${tag}-Gold`, price: 3 }],
  });
  const plain = await createProduct(seller, shopId, { name: `${tag} plain` });
  const names = async (query: Record<string, string>) => {
    const response = await seller.get(`/v1/shops/${shopId}/products`, { params: { name: tag, ...query } });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()).data as { name: string }[]).map((product) => product.name).sort();
  };

  expect(await names({})).toEqual([addon.name, plain.name, service.name].sort());
  expect(await names({ type: "addon" })).toEqual([addon.name]);
  expect(await names({ deliverables_type: "service" })).toEqual([service.name]);
  expect(await names({ paths: [addon.path, plain.path].join(",") })).toEqual([addon.name, plain.name].sort());
  expect(await names({ variant_name: `${tag}-gold` })).toEqual([service.name]);
  expect(await names({ group_null: "true" })).toEqual([addon.name, plain.name].sort());
  expect(await names({ group_null: "false" })).toEqual([service.name]);

  const all = await seller.get(`/v1/shops/${shopId}/products`, { params: { name: tag, all: "true", perPage: "1" } });
  const page = await all.json();
  expect(page.data).toHaveLength(3);
  expect(page).toMatchObject({ total: 3, current_page: 1, per_page: 3, last_page: 1 });

  await expectValidationError(await seller.get(`/v1/shops/${shopId}/products`, { params: { type: "bundle" } }), "type");
  await expectValidationError(
    await seller.get(`/v1/shops/${shopId}/products`, { params: { deliverables_type: "x" } }),
    "deliverables_type",
  );
  await expectValidationError(await seller.get(`/v1/shops/${shopId}/products`, { params: { group_null: "maybe" } }), "group_null");
});
