import { expect, expectShopNotFound, expectUnauthenticated, test } from "../support/api";

test.describe("shops", () => {
  test("lists only the caller's shops, with the Shop fields of the spec", async ({ seller, seed }) => {
    const response = await seller.get("/v1/shops");
    expect(response.status()).toBe(200);
    const shops = await response.json();
    expect(shops.map((shop: { id: number }) => shop.id).sort()).toEqual([...seed.seller.shopIds].sort());
    const shop = shops[0];
    for (const field of ["id", "name", "subdomain", "owner_id", "valid_payment_methods", "is_subscribed", "walletAff_method", "theme"]) {
      expect(shop).toHaveProperty(field);
    }
    expect(Array.isArray(shop.valid_payment_methods)).toBe(true);
    expect(shop.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test("reads one shop and decrypts its secrets for the owner", async ({ seller, shopId }) => {
    const response = await seller.get(`/v1/shops/${shopId}`);
    expect(response.status()).toBe(200);
    const shop = await response.json();
    expect(shop.id).toBe(shopId);
    expect(shop.cardproc_api_key === null || !String(shop.cardproc_api_key).startsWith("v1:")).toBe(true);
  });

  test("another owner's shop, a missing one and a malformed id are 404 Shop not found", async ({ seller, foreignShopId }) => {
    await expectShopNotFound(await seller.get(`/v1/shops/${foreignShopId}`));
    await expectShopNotFound(await seller.get(`/v1/shops/999999`));
    await expectShopNotFound(await seller.get(`/v1/shops/abc`));
  });

  test("missing, malformed and revoked-looking credentials are 401", async ({ anonymous, shopId, seed }) => {
    await expectUnauthenticated(await anonymous.get("/v1/shops"));
    await expectUnauthenticated(await anonymous.get("/v1/shops", { headers: { Authorization: "Bearer nope" } }));
    await expectUnauthenticated(await anonymous.get(`/v1/shops/${shopId}`, { headers: { Authorization: "Basic abc" } }));
    // A reseller key is not a seller key.
    await expectUnauthenticated(await anonymous.get("/v1/shops", { headers: { Authorization: `Bearer ${seed.reseller.apiKey}` } }));
  });
});
