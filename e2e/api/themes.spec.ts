import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createImage, uniqueName } from "../support/catalog";
import { OFFICIAL_THEMES } from "../../lib/storefront/theme";
import { themeTemplateInput } from "../../lib/themes/schemas";

/** A colour no other test writes: the last six hex digits of a counter and the time. */
let colours = 0;
const uniqueColour = () => `#${((Date.now() * 7 + ++colours * 7919) & 0xffffff).toString(16).padStart(6, "0")}`;

/** The storefront home's HTML, as a visitor gets it (the cached page). */
const storefrontHtml = async (anonymous: APIRequestContext, subdomain: string) =>
  (await anonymous.get(`/s/${subdomain}`, { headers: { accept: "text/html" } })).text();

test.describe("themes", () => {
  test("create (201), read, list, update and delete with the spec's Theme", async ({ seller, shopId }) => {
    const image = await createImage(seller, shopId);
    const name = uniqueName("Theme");
    const response = await seller.post(`/v1/shops/${shopId}/themes`, {
      data: { name, description: null, template: { colors: { primary: "#000" } } },
    });
    expect(response.status(), await response.text()).toBe(201);
    const theme = await response.json();
    expect(theme).toMatchObject({ id: expect.any(Number), name, description: "", version: expect.any(String) });
    expect(theme.official_theme).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      changelog: expect.any(Array),
      price: expect.any(Number),
    });

    const read = await seller.get(`/v1/shops/${shopId}/themes/${theme.id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(theme);
    const list = await (await seller.get(`/v1/shops/${shopId}/themes`)).json();
    expect(list.find((t: { id: number }) => t.id === theme.id)).toEqual(theme);

    const updated = await seller.put(`/v1/shops/${shopId}/themes/${theme.id}`, {
      data: { name: null, description: "Dark", type: "public", image_id: image.id },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: theme.id,
      name,
      description: "Dark",
      type: "public",
      image_id: image.id,
      image_url: image.image_url,
    });
    const cleared = await (
      await seller.put(`/v1/shops/${shopId}/themes/${theme.id}`, { data: { name: "Renamed", image_id: null } })
    ).json();
    expect(cleared).toMatchObject({ name: "Renamed", description: "Dark", image_id: null, image_url: null });

    const deleted = await seller.delete(`/v1/shops/${shopId}/themes/${theme.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Theme deleted." });
    const gone = await seller.get(`/v1/shops/${shopId}/themes/${theme.id}`);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: "Theme not found." });
  });

  test("validation at the bounds", async ({ seller, shopId, seed }) => {
    const url = `/v1/shops/${shopId}/themes`;
    expect((await seller.post(url, { data: { name: "t".repeat(255) } })).status()).toBe(201);
    await expectValidationError(await seller.post(url, { data: { name: "t".repeat(256) } }), "name");
    await expectValidationError(await seller.post(url, { data: {} }), "name");
    await expectValidationError(await seller.post(url, { data: { name: "x", description: 5 } }), "description");
    await expectValidationError(await seller.post(url, { data: { name: "x", template: "nope" } }), "template");
    const theme = await (await seller.post(url, { data: { name: uniqueName("Bounds") } })).json();
    await expectValidationError(await seller.put(`${url}/${theme.id}`, { data: { type: "shared" } }), "type");
    await expectValidationError(await seller.put(`${url}/${theme.id}`, { data: { name: "t".repeat(256) } }), "name");
    await expectValidationError(await seller.put(`${url}/${theme.id}`, { data: { image_id: 0 } }), "image_id");
    const foreignImage = await createImage(seller, seed.seller.shopIds[1]!);
    await expectValidationError(await seller.put(`${url}/${theme.id}`, { data: { image_id: foreignImage.id } }), "image_id");
    expect((await seller.put(`${url}/${theme.id}`, { data: { type: "private" } })).status()).toBe(200);
  });

  test("template: the settings are checked strictly on create and update, at the field", async ({ seller, shopId }) => {
    const url = `/v1/shops/${shopId}/themes`;
    const bad = [
      [{ colors: { primary: "red" } }, "template.colors.primary"],
      [{ colors: { primary: "#12345g" } }, "template.colors.primary"],
      [{ colors: { text: "#fff; background:url(x)" } }, "template.colors.text"],
      [{ colors: { accent: "#ffffff" } }, "template.colors"],
      [{ css: "body{display:none}" }, "template"],
      [{ preset: "neon" }, "template.preset"],
      [{ radius: "huge" }, "template.radius"],
      [{ font: "Comic Sans" }, "template.font"],
      [{ layout: "carousel" }, "template.layout"],
    ] as const;
    for (const [template, field] of bad) {
      expect(themeTemplateInput.safeParse(template).success, JSON.stringify(template)).toBe(false);
      await expectValidationError(await seller.post(url, { data: { name: "x", template } }), field);
    }
    const created = await seller.post(url, {
      data: { name: uniqueName("Strict"), template: { preset: "bold", colors: { primary: "#ABC", surface: " #FFFFFF " } } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const theme = await created.json();
    expect(theme.template).toEqual({ preset: "bold", colors: { primary: "#aabbcc", surface: "#ffffff" } });
    expect(theme.settings).toEqual({ ...OFFICIAL_THEMES.bold, colors: { ...OFFICIAL_THEMES.bold.colors, primary: "#aabbcc" } });
    expect(theme.active).toBe(false);

    for (const [template, field] of bad) {
      await expectValidationError(await seller.put(`${url}/${theme.id}`, { data: { template } }), field);
    }
    // absent keeps the template; a new one replaces it whole; null clears it (the classic preset)
    expect((await (await seller.put(`${url}/${theme.id}`, { data: { name: "Kept" } })).json()).template).toEqual(theme.template);
    const midnight = { ...OFFICIAL_THEMES.midnight, colors: { ...OFFICIAL_THEMES.midnight.colors, primary: "#123456" } };
    const replaced = await seller.put(`${url}/${theme.id}`, { data: { template: midnight } });
    expect(replaced.status(), await replaced.text()).toBe(200);
    expect(await replaced.json()).toMatchObject({ template: midnight, settings: midnight });
    const cleared = await (await seller.put(`${url}/${theme.id}`, { data: { template: null } })).json();
    expect(cleared).toMatchObject({ template: null, settings: OFFICIAL_THEMES.classic });
  });

  test("activate: the stored settings become the storefront's CSS variables at its next load", async ({ seller, anonymous, seed }) => {
    // The demo's own storefront is read by parallel tests: this one changes the seller's second shop.
    const outletId = seed.seller.shopIds[1]!;
    const outlet = await (await seller.get(`/v1/shops/${outletId}`)).json();
    expect(outlet.subdomain).toBe("pixelkeys-outlet");
    const url = `/v1/shops/${outletId}/themes`;
    const primary = uniqueColour();
    const theme = await (
      await seller.post(url, { data: { name: uniqueName("Live"), template: { preset: "midnight", colors: { primary } } } })
    ).json();
    expect(theme.active).toBe(false);

    // Re-activated on each attempt: the browser test activates themes of this shop too.
    await expect(async () => {
      const activated = await seller.post(`${url}/${theme.id}/activate`);
      expect(activated.status(), await activated.text()).toBe(200);
      expect(await activated.json()).toMatchObject({ id: theme.id, active: true });
      const html = await storefrontHtml(anonymous, "pixelkeys-outlet");
      expect(html).toContain(`--sf-primary:${primary}`);
      expect(html).toContain(`--sf-background:${OFFICIAL_THEMES.midnight.colors.background}`);
    }).toPass({ timeout: 15_000 });
    const shop = await (await seller.get(`/v1/shops/${outletId}`)).json();
    expect(shop.theme).toMatchObject({ id: theme.id, name: theme.name });

    // An update of the active theme shows at the next load too.
    const next = uniqueColour();
    await expect(async () => {
      await seller.post(`${url}/${theme.id}/activate`);
      const updated = await seller.put(`${url}/${theme.id}`, { data: { template: { preset: "midnight", colors: { primary: next } } } });
      expect(updated.status(), await updated.text()).toBe(200);
      expect(await storefrontHtml(anonymous, "pixelkeys-outlet")).toContain(`--sf-primary:${next}`);
    }).toPass({ timeout: 15_000 });
    const list = (await (await seller.get(url)).json()) as { id: number; active: boolean }[];
    expect(list.filter((row) => row.active).length).toBeLessThanOrEqual(1);
  });

  test("activate: another shop's theme or an unknown one is 404, and credentials", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
    seed,
  }) => {
    const elsewhere = await (
      await seller.post(`/v1/shops/${seed.seller.shopIds[1]}/themes`, { data: { name: uniqueName("Else") } })
    ).json();
    const before = await (await seller.get(`/v1/shops/${shopId}`)).json();
    const refused = await seller.post(`/v1/shops/${shopId}/themes/${elsewhere.id}/activate`);
    expect(refused.status()).toBe(404);
    expect(await refused.json()).toEqual({ message: "Theme not found." });
    expect((await seller.post(`/v1/shops/${shopId}/themes/99999999/activate`)).status()).toBe(404);
    expect((await (await seller.get(`/v1/shops/${shopId}`)).json()).theme?.id).toBe(before.theme?.id);
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "post", path: (shop) => `/v1/shops/${shop}/themes/${elsewhere.id}/activate` },
    ]);
  });

  test("not found inside the shop, other shops and credentials", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
    seed,
  }) => {
    const elsewhere = await (
      await seller.post(`/v1/shops/${seed.seller.shopIds[1]}/themes`, { data: { name: uniqueName("Else") } })
    ).json();
    expect((await seller.get(`/v1/shops/${shopId}/themes/${elsewhere.id}`)).status()).toBe(404);
    expect((await seller.put(`/v1/shops/${shopId}/themes/${elsewhere.id}`, { data: { name: "x" } })).status()).toBe(404);
    expect((await seller.delete(`/v1/shops/${shopId}/themes/${elsewhere.id}`)).status()).toBe(404);
    expect((await seller.get(`/v1/shops/${shopId}/themes/1.5`)).status()).toBe(404);
    const one = (shop: number) => `/v1/shops/${shop}/themes/${elsewhere.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/themes` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/themes`, data: { name: "x" } },
      { method: "get", path: one },
      { method: "put", path: one, data: { name: "x" } },
      { method: "delete", path: one },
    ]);
  });
});
