import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createImage, uniqueName } from "../support/catalog";
import { createShopAs, newShopOwner } from "../support/shops";
import { shopSubdomain } from "../support/storefront";
import type { BlogPostView } from "../../lib/blog/schemas";
import { CONTENT_MAX, META_DESCRIPTION_MAX, META_TITLE_MAX, SUMMARY_MAX, TITLE_MAX } from "../../lib/blog/schemas";

/**
 * Blog posts over HTTP: the seller's routes (bounds, paths, images of the
 * shop, sanitised content, paging and filters, the guards) and what the
 * storefront shows of them: published posts only, cached pages that an edit
 * expires, the header's link and the sitemap.
 */

const posts = (shopId: number) => `/v1/shops/${shopId}/blog-posts`;

async function createPost(seller: APIRequestContext, shopId: number, data: Record<string, unknown> = {}) {
  const response = await seller.post(posts(shopId), { data: { title: uniqueName("Post"), ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as BlogPostView;
}

async function updatePost(seller: APIRequestContext, shopId: number, id: number, data: Record<string, unknown>) {
  const response = await seller.put(`${posts(shopId)}/${id}`, { data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as BlogPostView;
}

async function page(anonymous: APIRequestContext, path: string) {
  const response = await anonymous.get(path, { headers: { accept: "text/html" } });
  return { status: response.status(), html: await response.text() };
}

/** A title no other post has (ASCII letters, digits, spaces and dashes) and the path made from it. */
const fresh = (label: string) => {
  const title = uniqueName(label);
  return { title, path: title.toLowerCase().replace(/[^a-z0-9]+/g, "-") };
};

test.describe("blog posts API", () => {
  test("create, get, list, update and delete; a draft until published, published_at set once", async ({ seller, shopId }) => {
    const { title, path } = fresh("Launch");
    const created = await createPost(seller, shopId, { title, content: "<p>Hello <strong>buyers</strong></p>", summary: " Our news " });
    expect(created).toEqual({
      id: expect.any(Number),
      shop_id: shopId,
      title,
      path,
      content: "<p>Hello <strong>buyers</strong></p>",
      summary: "Our news",
      image_id: null,
      image_url: null,
      meta_title: null,
      meta_description: null,
      status: "draft",
      published_at: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const one = await seller.get(`${posts(shopId)}/${created.id}`);
    expect(one.status()).toBe(200);
    expect(await one.json()).toEqual(created);

    const published = await updatePost(seller, shopId, created.id, { status: "published", meta_title: "Launch day" });
    expect(published).toMatchObject({ title, path, status: "published", meta_title: "Launch day", summary: "Our news" });
    expect(published.published_at).toMatch(/Z$/);
    const drafted = await updatePost(seller, shopId, created.id, { status: "draft" });
    expect(drafted.published_at).toBe(published.published_at);
    const again = await updatePost(seller, shopId, created.id, { status: "published", summary: null });
    expect(again.published_at).toBe(published.published_at);
    expect(again.summary).toBeNull();
    // an update naming no field answers the post as it is
    expect(await updatePost(seller, shopId, created.id, {})).toMatchObject({ id: created.id, status: "published" });

    const deleted = await seller.delete(`${posts(shopId)}/${created.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Blog post deleted." });
    for (const response of [
      await seller.get(`${posts(shopId)}/${created.id}`),
      await seller.put(`${posts(shopId)}/${created.id}`, { data: { title: "x" } }),
      await seller.delete(`${posts(shopId)}/${created.id}`),
      await seller.get(`${posts(shopId)}/999999999`),
    ]) {
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ message: "Blog post not found." });
    }
    expect((await seller.get(`${posts(shopId)}/abc`)).status()).toBe(404);
  });

  test("published on create is dated at once", async ({ seller, shopId }) => {
    const post = await createPost(seller, shopId, { status: "published" });
    expect(post.status).toBe("published");
    expect(Date.now() - new Date(post.published_at!).getTime()).toBeLessThan(60_000);
    await seller.delete(`${posts(shopId)}/${post.id}`);
  });

  test("paths: made from the title, a suffix when taken, a duplicate sent is 422, only lowercase letters, digits and dashes", async ({
    seller,
    shopId,
    foreignShopId,
    otherSeller,
  }) => {
    const { title: tail, path: tailPath } = fresh("x");
    const title = `Ünïcode Títle, 2026! ${tail}`;
    const first = await createPost(seller, shopId, { title });
    expect(first.path).toBe(`unicode-title-2026-${tailPath}`);
    const second = await createPost(seller, shopId, { title });
    expect(second.path).toMatch(new RegExp(`^${first.path}-[0-9a-f]{4}$`));

    await expectValidationError(await seller.post(posts(shopId), { data: { title: "Copy", path: first.path } }), "path");
    await expectValidationError(await seller.put(`${posts(shopId)}/${second.id}`, { data: { path: first.path } }), "path");
    for (const bad of ["Upper-Case", "-lead", "trail-", "dou--ble", "under_score", "sp ace", "a/b", "é", "p".repeat(201)]) {
      await expectValidationError(await seller.post(posts(shopId), { data: { title: "Bad path", path: bad } }), "path");
    }
    // its own path again is no conflict; another shop may have the same path
    expect((await updatePost(seller, shopId, first.id, { path: first.path })).path).toBe(first.path);
    const elsewhere = await otherSeller.post(posts(foreignShopId), { data: { title: "Same", path: first.path } });
    expect(elsewhere.status(), await elsewhere.text()).toBe(201);
    await otherSeller.delete(`${posts(foreignShopId)}/${(await elsewhere.json()).id}`);
    // an explicit path is kept as sent (trimmed); an empty one is made again from the new title
    const explicit = `${first.path}-custom`;
    expect((await updatePost(seller, shopId, second.id, { path: ` ${explicit} ` })).path).toBe(explicit);
    const renamed = fresh("Renamed");
    expect((await updatePost(seller, shopId, second.id, { title: renamed.title, path: "" })).path).toBe(renamed.path);
    const symbols = await createPost(seller, shopId, { title: "!!!" });
    expect(symbols.path).toMatch(/^post(-[0-9a-f]{4})?$/);
    for (const post of [first, second, symbols]) await seller.delete(`${posts(shopId)}/${post.id}`);
  });

  test("bounds: title, summary, meta fields, content, status and image", async ({ seller, shopId, otherSeller, foreignShopId }) => {
    const post = (data: Record<string, unknown>) => seller.post(posts(shopId), { data: { title: uniqueName("Bound"), ...data } });
    const made: number[] = [];
    const ok = async (data: Record<string, unknown>) => {
      const response = await post(data);
      expect(response.status(), await response.text()).toBe(201);
      made.push((await response.json()).id);
    };
    await ok({ title: `${"t".repeat(TITLE_MAX - 12)} ${Date.now()}`.slice(0, TITLE_MAX) });
    await expectValidationError(await post({ title: "t".repeat(TITLE_MAX + 1) }), "title");
    await expectValidationError(await post({ title: "   " }), "title");
    await expectValidationError(await seller.post(posts(shopId), { data: { content: "<p>No title</p>" } }), "title");
    await expectValidationError(await post({ title: 42 }), "title");
    await ok({ summary: "s".repeat(SUMMARY_MAX) });
    await expectValidationError(await post({ summary: "s".repeat(SUMMARY_MAX + 1) }), "summary");
    await ok({ meta_title: "m".repeat(META_TITLE_MAX), meta_description: "d".repeat(META_DESCRIPTION_MAX) });
    await expectValidationError(await post({ meta_title: "m".repeat(META_TITLE_MAX + 1) }), "meta_title");
    await expectValidationError(await post({ meta_description: "d".repeat(META_DESCRIPTION_MAX + 1) }), "meta_description");
    await ok({ content: "c".repeat(CONTENT_MAX) });
    await expectValidationError(await post({ content: "c".repeat(CONTENT_MAX + 1) }), "content");
    await expectValidationError(await post({ status: "archived" }), "status");
    await expectValidationError(await post({ image_id: "x" }), "image_id");
    await expectValidationError(await post({ image_id: 0 }), "image_id");
    await expectValidationError(await post({ image_id: 999_999_999 }), "image_id");
    const foreignImage = await createImage(otherSeller, foreignShopId);
    await expectValidationError(await post({ image_id: foreignImage.id }), "image_id");
    const image = await createImage(seller, shopId);
    const pictured = await post({ image_id: image.id });
    expect(pictured.status()).toBe(201);
    const body = (await pictured.json()) as BlogPostView;
    made.push(body.id);
    expect(body.image_id).toBe(image.id);
    expect(body.image_url).toBe(image.image_url);
    await expectValidationError(await seller.put(`${posts(shopId)}/${body.id}`, { data: { image_id: foreignImage.id } }), "image_id");
    expect((await updatePost(seller, shopId, body.id, { image_id: null })).image_id).toBeNull();
    for (const id of made) await seller.delete(`${posts(shopId)}/${id}`);
  });

  test("hostile content is sanitised when written", async ({ seller, shopId }) => {
    const post = await createPost(seller, shopId, {
      content:
        '<p>Fine <em>text</em></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a>' +
        '<a href="https://example.com/" onclick="alert(4)">ok</a><p style="position:fixed" class="x">styled</p><iframe src="https://evil.test"></iframe>',
    });
    expect(post.content).toContain("<p>Fine <em>text</em></p>");
    for (const gone of ["<script", "alert(1)", "onerror", "javascript:", "onclick", "style=", "class=", "<iframe"]) {
      expect(post.content).not.toContain(gone);
    }
    expect(post.content).toContain('<a href="https://example.com/" rel="nofollow ugc noopener" target="_blank">ok</a>');
    const edited = await updatePost(seller, shopId, post.id, { content: '<svg onload="alert(5)"><p>in svg</p></svg><p>kept</p>' });
    expect(edited.content).toBe("<p>kept</p>");
    await seller.delete(`${posts(shopId)}/${post.id}`);
  });

  test("the list: seller envelope, paging, ordering, title and status filters", async ({ seller, shopId }) => {
    const tag = uniqueName("Filter").replace(/\s+/g, "");
    const a = await createPost(seller, shopId, { title: `${tag} Alpha`, status: "published" });
    const b = await createPost(seller, shopId, { title: `${tag} Beta 50%` });
    const c = await createPost(seller, shopId, { title: `${tag} Gamma`, status: "published" });
    const list = async (query: Record<string, string | number>) => {
      const response = await seller.get(posts(shopId), { params: { title: tag.toLowerCase(), ...query } });
      expect(response.status(), await response.text()).toBe(200);
      return response.json() as Promise<{ data: BlogPostView[]; total: number; per_page: number; current_page: number; last_page: number }>;
    };
    const all = await list({});
    expect(all.data.map((post) => post.id)).toEqual([c.id, b.id, a.id]);
    expect(all.total).toBe(3);
    expect((await list({ orderColumn: "title", orderDirection: "asc" })).data.map((post) => post.id)).toEqual([a.id, b.id, c.id]);
    expect((await list({ orderColumn: "id", orderDirection: "asc" })).data.map((post) => post.id)).toEqual([a.id, b.id, c.id]);
    // never-published posts last whichever way published_at is ordered
    expect((await list({ orderColumn: "published_at", orderDirection: "asc" })).data.map((post) => post.id)).toEqual([a.id, c.id, b.id]);
    const second = await list({ perPage: 2, page: 2 });
    expect(second).toMatchObject({ current_page: 2, per_page: 2, last_page: 2, total: 3 });
    expect(second.data.map((post) => post.id)).toEqual([a.id]);
    expect((await list({ page: 9 })).data).toEqual([]);
    expect((await list({ status: "draft" })).data.map((post) => post.id)).toEqual([b.id]);
    expect((await list({ status: "published" })).data.map((post) => post.id)).toEqual([c.id, a.id]);
    // case-insensitive substring; % and _ are literal
    expect((await list({ title: `${tag} bETA 50%` })).data.map((post) => post.id)).toEqual([b.id]);
    expect((await list({ title: `${tag}%Gamma` })).data).toEqual([]);
    expect((await list({ title: `${tag} _lpha` })).data).toEqual([]);
    for (const [field, value] of [
      ["perPage", "101"],
      ["page", "0"],
      ["orderColumn", "content"],
      ["orderDirection", "up"],
      ["status", "archived"],
    ] as const) {
      await expectValidationError(await seller.get(posts(shopId), { params: { [field]: value } }), field);
    }
    for (const post of [a, b, c]) await seller.delete(`${posts(shopId)}/${post.id}`);
  });

  test("every route is guarded: 401 without a key, 404 on another seller's shop", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    const post = await createPost(seller, shopId);
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => posts(shop) },
      { method: "post", path: (shop) => posts(shop), data: { title: "Guarded" } },
      { method: "get", path: (shop) => `${posts(shop)}/${post.id}` },
      { method: "put", path: (shop) => `${posts(shop)}/${post.id}`, data: { title: "Guarded" } },
      { method: "delete", path: (shop) => `${posts(shop)}/${post.id}` },
    ]);
    // the post is untouched by the refused requests
    expect((await (await seller.get(`${posts(shopId)}/${post.id}`)).json()).title).toBe(post.title);
    // a post of another shop is not found from this one
    const foreign = await otherSeller.post(posts(foreignShopId), { data: { title: "Theirs" } });
    const foreignId = (await foreign.json()).id as number;
    expect((await seller.get(`${posts(shopId)}/${foreignId}`)).status()).toBe(404);
    expect((await seller.put(`${posts(shopId)}/${foreignId}`, { data: { title: "Mine" } })).status()).toBe(404);
    expect((await seller.delete(`${posts(shopId)}/${foreignId}`)).status()).toBe(404);
    await otherSeller.delete(`${posts(foreignShopId)}/${foreignId}`);
    await seller.delete(`${posts(shopId)}/${post.id}`);
  });
});

test.describe("blog on the storefront", () => {
  test("a draft is 404; a published post shows in the list and its page (sanitised, meta, canonical, Open Graph) and the sitemap; an edit shows at the next load", async ({
    anonymous,
    seller,
    shopId,
    baseURL,
  }) => {
    const subdomain = await shopSubdomain(seller, shopId);
    const shop = `/s/${subdomain}`;
    const image = await createImage(seller, shopId);
    const { title, path } = fresh("Storefront post");
    const post = await createPost(seller, shopId, {
      title,
      summary: `Summary of ${title}`,
      image_id: image.id,
      meta_description: "What this post is about",
      content:
        '<p>Read <strong>this</strong></p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><a href="javascript:alert(1)">x</a>',
    });
    expect(post.path).toBe(path);

    // a draft: no page, not listed, not in the sitemap
    expect((await page(anonymous, `${shop}/blog/${path}`)).status).toBe(404);
    expect((await page(anonymous, `${shop}/blog`)).html).not.toContain(title);
    expect(await (await anonymous.get(`${shop}/sitemap.xml`)).text()).not.toContain(`/blog/${path}<`);

    await updatePost(seller, shopId, post.id, { status: "published" });
    await expect.poll(async () => (await page(anonymous, `${shop}/blog/${path}`)).status, { timeout: 5_000 }).toBe(200);
    const { html } = await page(anonymous, `${shop}/blog/${path}`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toContain("<p>Read <strong>this</strong></p>");
    for (const gone of ["window.__pwned", "onerror", "javascript:alert"]) expect(html).not.toContain(gone);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${shop}/blog/${path}"`);
    expect(html).toContain('<meta name="description" content="What this post is about"');
    expect(html).toContain(`<meta property="og:image" content="${baseURL}/cdn/${image.cdn_image_id}"`);
    expect(html).toContain('<meta property="og:type" content="article"');
    expect(html).toMatch(new RegExp(`<title>${title} · [^<]+</title>`));

    const list = await page(anonymous, `${shop}/blog`);
    expect(list.status).toBe(200);
    expect(list.html).toContain(title);
    expect(list.html).toContain(`Summary of ${title}`);
    expect(list.html).toContain(`/cdn/${image.cdn_image_id}`);
    expect(list.html).toContain(`href="${shop}/blog/${path}"`);
    await expect
      .poll(async () => (await anonymous.get(`${shop}/sitemap.xml`)).text(), { timeout: 5_000 })
      .toContain(`${shop}/blog/${path}</loc>`);

    // an edit shows at the next load: the title, the meta title (the whole <title>) and the content
    const edited = `${title} edited`;
    await updatePost(seller, shopId, post.id, { title: edited, meta_title: `Meta ${title}`, content: "<p>Second version</p>" });
    await expect.poll(async () => (await page(anonymous, `${shop}/blog/${path}`)).html, { timeout: 5_000 }).toContain("Second version");
    const second = (await page(anonymous, `${shop}/blog/${path}`)).html;
    expect(second).toContain(edited);
    expect(second).toContain(`<title>Meta ${title}</title>`);
    await expect.poll(async () => (await page(anonymous, `${shop}/blog`)).html, { timeout: 5_000 }).toContain(edited);

    // newest first in the list
    const newer = await createPost(seller, shopId, { status: "published", summary: "The newer one" });
    await expect
      .poll(async () => {
        const text = (await page(anonymous, `${shop}/blog`)).html;
        return text.indexOf(newer.title) >= 0 && text.indexOf(newer.title) < text.indexOf(edited);
      })
      .toBe(true);

    // back to draft: gone from the page and the sitemap; deleted: gone from the list
    await updatePost(seller, shopId, post.id, { status: "draft" });
    await expect.poll(async () => (await page(anonymous, `${shop}/blog/${path}`)).status, { timeout: 5_000 }).toBe(404);
    await expect.poll(async () => (await anonymous.get(`${shop}/sitemap.xml`)).text(), { timeout: 5_000 }).not.toContain(`/blog/${path}<`);
    await seller.delete(`${posts(shopId)}/${newer.id}`);
    await expect.poll(async () => (await page(anonymous, `${shop}/blog`)).html, { timeout: 5_000 }).not.toContain(newer.title);
    await seller.delete(`${posts(shopId)}/${post.id}`);

    // made-up paths are the blog's one 404 page
    expect((await page(anonymous, `${shop}/blog/no-such-post-${Date.now()}`)).status).toBe(404);
    expect((await page(anonymous, `${shop}/blog/_`)).status).toBe(404);
  });

  test("the header links to the blog only while the shop has a published post", async ({ playwright, baseURL, anonymous, shopId }) => {
    // a shop of the test's own: the demo shops may hold other specs' posts
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const shop = await createShopAs(owner.client);
    const home = `/s/${shop.subdomain}`;
    const blogLink = `href="${home}/blog"`;
    expect((await page(anonymous, home)).html).not.toContain(blogLink);
    const draft = await createPost(owner.client, shop.id);
    await expect.poll(async () => (await page(anonymous, `${home}/blog/${draft.path}`)).status).toBe(404);
    expect((await page(anonymous, home)).html).not.toContain(blogLink);

    await updatePost(owner.client, shop.id, draft.id, { status: "published" });
    await expect.poll(async () => (await page(anonymous, home)).html, { timeout: 5_000 }).toContain(blogLink);

    await owner.client.delete(`${posts(shop.id)}/${draft.id}`);
    await expect.poll(async () => (await page(anonymous, home)).html, { timeout: 5_000 }).not.toContain(blogLink);
    const empty = await page(anonymous, `${home}/blog`);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain("No posts yet.");
  });
});
