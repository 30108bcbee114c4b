import { expect, expectGuarded, expectShopNotFound, expectUnauthenticated, test } from "../support/api";
import { CARDPROC_API_KEY, CARDPROC_WEBHOOK_SECRET, enableGateways } from "../support/checkout";

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

  test("the owner's API key reads one shop with its secrets decrypted; the list never carries them", async ({ seller, shopId }) => {
    await enableGateways(seller, shopId);
    const response = await seller.get(`/v1/shops/${shopId}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const shop = await response.json();
    expect(shop).toMatchObject({
      id: shopId,
      cardproc_api_key: CARDPROC_API_KEY,
      cardproc_api_key_set: true,
      cardproc_webhook_secret: CARDPROC_WEBHOOK_SECRET,
      cardproc_webhook_secret_set: true,
    });

    const listed = (await (await seller.get("/v1/shops")).json()).find((each: { id: number }) => each.id === shopId);
    expect(listed).toMatchObject({
      cardproc_api_key: null,
      cardproc_api_key_set: true,
      cardproc_webhook_secret: null,
      walletA_client_secret: null,
    });
    expect(JSON.stringify(listed)).not.toContain(CARDPROC_API_KEY);
  });

  test("a browser session never receives a stored secret, in the list or the single shop", async ({ anonymous, seller, shopId, seed }) => {
    await enableGateways(seller, shopId);
    const login = await anonymous.post("/v1/auth/login", { data: { email: seed.seller.email, password: seed.seller.password } });
    expect(login.status()).toBe(200);
    for (const path of ["/v1/shops", `/v1/shops/${shopId}`]) {
      const text = await (await anonymous.get(path)).text();
      expect(text).toContain('"cardproc_api_key_set":true');
      expect(text, path).not.toContain(CARDPROC_API_KEY);
      expect(text, path).not.toContain(CARDPROC_WEBHOOK_SECRET);
    }
  });

  test("another owner's shop, a missing one and a malformed id are 404 Shop not found", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}` },
      { method: "get", path: (shop) => `/v1/shops/${shop}/settings` },
      { method: "put", path: (shop) => `/v1/shops/${shop}/settings`, data: {} },
    ]);
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
