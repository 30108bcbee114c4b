import pg from "pg";
import { expect, expectGuarded, expectShopNotFound, expectValidationError, test } from "../support/api";
import { stockedProduct } from "../support/checkout";
import { createImage } from "../support/catalog";
import { createPendingInvoice, invoiceAction } from "../support/invoices";
import { createShopAs, newShopOwner, uniqueSubdomain } from "../support/shops";
import { gradientPng } from "../../lib/seed/png";
import { MAX_OWNED_SHOPS, RESERVED_SUBDOMAINS, type ShopView } from "../../lib/shops/schemas";

/**
 * Making, editing and deleting shops (POST /v1/shops/create, PUT
 * /v1/shops/{shopId}/update, DELETE /v1/shops/{shopId}). Every shop here
 * belongs to an account of the test's own (made through the reseller
 * application, signed in to the dashboard), so the seeded shops and the
 * demo seller's limit of 10 stay as the other specs expect them.
 */
test.describe("managing shops", () => {
  test("creates a shop as JSON and as multipart with a logo; the caller is its owner; it lists and reads as GET answers it", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const subdomain = uniqueSubdomain("json");
    const json = await owner.client.post("/v1/shops/create", { data: { name: "  My JSON shop ", subdomain } });
    expect(json.status(), await json.text()).toBe(201);
    const made = await json.json();
    expect(made).toMatchObject({ name: "My JSON shop", subdomain, role: "owner", logo_image_id: null, discord_bot_token_set: false });
    const read = await owner.client.get(`/v1/shops/${made.id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(made);
    const listed = await (await owner.client.get("/v1/shops")).json();
    expect(listed.map((shop: { id: number }) => shop.id)).toEqual([made.id]);
    const members = await (await owner.client.get(`/v1/shops/${made.id}/members`)).json();
    expect(JSON.stringify(members)).toContain(owner.email);

    const png = gradientPng(12, 12, [10, 20, 30], [200, 100, 50]);
    const multipart = await owner.client.post("/v1/shops/create", {
      multipart: {
        name: "My form shop",
        subdomain: uniqueSubdomain("form"),
        logo: { name: "logo.png", mimeType: "image/png", buffer: png },
      },
    });
    expect(multipart.status(), await multipart.text()).toBe(201);
    const withLogo = await multipart.json();
    expect(withLogo.logo_image_id).toEqual(expect.any(Number));
    expect(withLogo.image_url).toContain("/cdn/");
    const images = await (await owner.client.get(`/v1/shops/${withLogo.id}/images`)).json();
    expect(images.map((image: { id: number }) => image.id)).toEqual([withLogo.logo_image_id]);

    // an image of another of the caller's shops may be the logo (copied into the new shop)
    const copied = await owner.client.post("/v1/shops/create", {
      data: { name: "Copied logo", subdomain: uniqueSubdomain("copy"), logo_image_id: withLogo.logo_image_id },
    });
    expect(copied.status(), await copied.text()).toBe(201);
    expect((await copied.json()).logo_image_id).not.toBe(withLogo.logo_image_id);

    // a logo that is no image, and an image of someone else's shop, are refused before a shop is made
    const notImage = await owner.client.post("/v1/shops/create", {
      multipart: {
        name: "Bad logo",
        subdomain: uniqueSubdomain("bad"),
        logo: { name: "x.png", mimeType: "image/png", buffer: Buffer.from("nope") },
      },
    });
    await expectValidationError(notImage, "logo");
    const foreign = await owner.client.post("/v1/shops/create", {
      data: { name: "Foreign", subdomain: uniqueSubdomain(), logo_image_id: 1 },
    });
    await expectValidationError(foreign, "logo_image_id");
    expect(await (await owner.client.get("/v1/shops")).json()).toHaveLength(3);
  });

  test("the subdomain: 3 to 32 lowercase letters, digits and dashes, not reserved, not taken", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
    seed,
    seller,
  }) => {
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const create = (subdomain: unknown) => owner.client.post("/v1/shops/create", { data: { name: "Bounds", subdomain } });
    for (const bad of ["ab", "a".repeat(33), "-abc", "abc-", "ABC", "a_b", "a.b", "ab c", "", 123])
      await expectValidationError(await create(bad), "subdomain");
    for (const reserved of ["www", "api", "admin", "shops", "status"]) {
      expect(RESERVED_SUBDOMAINS).toContain(reserved);
      await expectValidationError(await create(reserved), "subdomain");
    }
    const seeded = (await (await seller.get(`/v1/shops/${seed.seller.shopIds[0]}`)).json()).subdomain;
    const taken = await expectValidationError(await create(seeded), "subdomain");
    expect(taken.errors.subdomain).toEqual(["The subdomain has already been taken."]);
    expect((await create("a".repeat(3) + "-" + uniqueSubdomain().slice(2, 20))).status()).toBe(201);
    await expectValidationError(await owner.client.post("/v1/shops/create", { data: { subdomain: uniqueSubdomain() } }), "name");
  });

  test("an owner may own at most 10 shops; a read-only key and a key limited to shops are refused 403", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    test.setTimeout(90_000);
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const made = [];
    for (let count = 0; count < MAX_OWNED_SHOPS; count++) made.push(await createShopAs(owner.client));
    const [first, second] = made as [ShopView, ShopView];
    const over = await owner.client.post("/v1/shops/create", { data: { name: "Eleventh", subdomain: uniqueSubdomain() } });
    expect(over.status(), await over.text()).toBe(422);
    expect((await over.json()).errors.status[0]).toContain("at most 10");

    // a deleted shop no longer counts
    const deleted = await owner.client.delete(`/v1/shops/${first.id}`, { data: { name: first.name, password: owner.password } });
    expect(deleted.status(), await deleted.text()).toBe(200);
    await createShopAs(owner.client);

    for (const [scope, shopIds] of [
      ["read", undefined],
      ["write", [second.id]],
    ] as const) {
      const minted = await owner.client.post("/v1/api-keys", {
        data: { name: `key ${scope}`, scope, ...(shopIds ? { shop_ids: shopIds } : {}) },
      });
      expect(minted.status(), await minted.text()).toBe(201);
      const key = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { Authorization: `Bearer ${(await minted.json()).key}`, Accept: "application/json" },
      });
      const refused = await key.post("/v1/shops/create", { data: { name: "By key", subdomain: uniqueSubdomain() } });
      expect(refused.status(), await refused.text()).toBe(403);
      await key.dispose();
    }
  });

  test("update: each field round-trips, null clears, absent keeps; bad links and ids are 422; the bot token is write-only", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const shop = await createShopAs(owner.client);
    const image = await createImage(owner.client, shop.id);
    const update = (data: Record<string, unknown>) => owner.client.put(`/v1/shops/${shop.id}/update`, { data });
    const values = {
      name: "Renamed shop",
      subdomain: uniqueSubdomain("new"),
      description: "Keys and gift cards",
      logo_image_id: image.id,
      favicon_image_id: image.id,
      background_image_id: image.id,
      discord_url: "https://discord.gg/abc",
      youtube_url: "https://youtube.com/@shop",
      telegram_url: "https://t.me/shop",
      tiktok_url: "https://www.tiktok.com/@shop",
      instagram_url: "http://instagram.com/shop",
      crisp_website_id: "b1a2c3d4-0000-1111-2222-333344445555",
      tawkto_id: "5f1a2b3c4d_default",
      gtag_id: "G-ABC123XYZ",
      discord_guild_id: "123456789012345678",
    };
    const saved = await update({ ...values, discord_bot_token: "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz" });
    expect(saved.status(), await saved.text()).toBe(200);
    const body = await saved.json();
    expect(body).toMatchObject({ ...values, discord_bot_token_set: true });
    expect(JSON.stringify(body)).not.toContain("GhIjKl");
    expect(await (await owner.client.get(`/v1/shops/${shop.id}`)).json()).toEqual(body);

    // absent fields keep their value; null and "" clear
    const cleared = await (await update({ description: null, discord_url: "", gtag_id: null, discord_bot_token: null })).json();
    expect(cleared).toMatchObject({ name: values.name, description: null, discord_url: null, gtag_id: null, discord_bot_token_set: false });
    expect(cleared.youtube_url).toBe(values.youtube_url);

    for (const [field, value] of [
      ["discord_url", "javascript:alert(1)"],
      ["youtube_url", "ftp://example.com/x"],
      ["telegram_url", "https://user:pw@t.me/x"],
      ["tiktok_url", "not a url"],
      ["gtag_id", "G-<script>"],
      ["crisp_website_id", "x".repeat(65)],
      ["tawkto_id", "a b"],
      ["discord_guild_id", "abc"],
      ["logo_image_id", 999_999_999],
      ["name", ""],
      ["subdomain", "admin"],
    ] as const)
      await expectValidationError(await update({ [field]: value }), field);

    // another shop's subdomain is taken; the shop's own is fine
    const other = await createShopAs(owner.client);
    await expectValidationError(await update({ subdomain: other.subdomain }), "subdomain");
    expect((await update({ subdomain: values.subdomain })).status()).toBe(200);
  });

  test("the storefront shows the new name and the links (rel nofollow), never the support or analytics ids", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const shop = await createShopAs(owner.client);
    expect((await anonymous.get(`/s/${shop.subdomain}`)).status()).toBe(200);
    const saved = await owner.client.put(`/v1/shops/${shop.id}/update`, {
      data: {
        name: "Footer links shop",
        discord_url: "https://discord.gg/footer",
        gtag_id: "G-NEVERSHOWN",
        crisp_website_id: "crisp-never",
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await expect(async () => {
      const html = await (await anonymous.get(`/s/${shop.subdomain}`)).text();
      expect(html).toContain("Footer links shop");
      expect(html).toMatch(/<a href="https:\/\/discord.gg\/footer" rel="nofollow noopener noreferrer"/);
    }).toPass({ timeout: 10_000 });
    const html = await (await anonymous.get(`/s/${shop.subdomain}`)).text();
    expect(html).not.toContain("G-NEVERSHOWN");
    expect(html).not.toContain("crisp-never");
  });

  test("delete: the exact name and the owner's password; refused while an invoice is pending; then hidden everywhere, invoices kept", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const shop = await createShopAs(owner.client);
    const remove = (data: Record<string, unknown>) => owner.client.delete(`/v1/shops/${shop.id}`, { data });
    await expectValidationError(await remove({ name: shop.name.toUpperCase(), password: owner.password }), "name");
    await expectValidationError(await remove({ name: shop.name, password: "wrong password" }), "password");
    await expectValidationError(await remove({ name: shop.name }), "password");

    const { variantId } = await stockedProduct(owner.client, shop.id, { serials: 2 });
    const invoice = await createPendingInvoice(owner.client, shop.id, [{ variant_id: variantId, quantity: 1 }]);
    const pending = await remove({ name: shop.name, password: owner.password });
    expect(pending.status(), await pending.text()).toBe(422);
    expect((await pending.json()).errors.status[0]).toContain("pending invoice");
    expect((await invoiceAction(owner.client, shop.id, invoice.id, "cancel")).status()).toBe(200);

    expect((await anonymous.get(`/s/${shop.subdomain}`)).status()).toBe(200);
    const deleted = await remove({ name: shop.name, password: owner.password });
    expect(deleted.status(), await deleted.text()).toBe(200);
    await expectShopNotFound(await owner.client.get(`/v1/shops/${shop.id}`));
    await expectShopNotFound(await owner.client.get(`/v1/shops/${shop.id}/invoices`));
    await expectShopNotFound(await owner.client.put(`/v1/shops/${shop.id}/update`, { data: { name: "Back" } }));
    await expectShopNotFound(await remove({ name: shop.name, password: owner.password }));
    expect(await (await owner.client.get("/v1/shops")).json()).toEqual([]);
    await expect(async () => expect((await anonymous.get(`/s/${shop.subdomain}`)).status()).toBe(404)).toPass({ timeout: 10_000 });
    expect((await anonymous.get(`/s/${shop.subdomain}/api/challenge`)).status()).toBe(404);
    // the subdomain stays taken
    await expectValidationError(
      await owner.client.post("/v1/shops/create", { data: { name: "Again", subdomain: shop.subdomain } }),
      "subdomain",
    );
    // the invoices are kept with the archived shop (read below the app: no route shows a deleted shop)
    if (process.env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query(
          "SELECT s.deleted_at, count(i.id)::int AS invoices FROM shops s LEFT JOIN invoices i ON i.shop_id = s.id WHERE s.id = $1 GROUP BY s.id",
          [shop.id],
        );
        expect(rows[0].deleted_at).not.toBeNull();
        expect(rows[0].invoices).toBe(1);
      } finally {
        await client.end();
      }
    }
  });

  test("another seller's shop is 404 on update and delete (the roles are in roles.spec.ts)", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "put", path: (shop) => `/v1/shops/${shop}/update`, data: { description: "not mine" } },
      { method: "delete", path: (shop) => `/v1/shops/${shop}`, data: { name: "x", password: "y" } },
    ]);
  });
});
