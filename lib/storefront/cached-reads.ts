import { cacheLife, cacheTag } from "next/cache";
import { db } from "../db";
import { hasPublishedPosts, indexablePosts, storefrontBlogPost, storefrontBlogPosts } from "./blog";
import { indexableProducts, storefrontCatalogPage, storefrontHome, storefrontProduct, storefrontShop } from "./catalog";
import { storefrontTags as tags } from "./cache-tags";

/**
 * The storefront's reads as cached functions ('use cache'): a page is
 * rendered from these once and then served from Next's cache until a tag
 * expires. Tags are expired by the database's notifications
 * (cache-tags.ts), so the lifetime below is only a backstop for a
 * notification that never arrived.
 */
const BACKSTOP = { stale: 300, revalidate: 900, expire: 86_400 };

export async function cachedShop(subdomain: string) {
  "use cache";
  cacheLife(BACKSTOP);
  const shop = await storefrontShop(db(), subdomain);
  cacheTag(tags.all, tags.subdomain(subdomain), ...(shop ? [tags.shop(shop.id)] : []));
  return shop;
}

export async function cachedHome(shopId: number) {
  "use cache";
  cacheLife(BACKSTOP);
  cacheTag(tags.all, tags.shop(shopId), tags.catalog(shopId));
  return storefrontHome(db(), shopId);
}

/** One page of the catalog; a page past the last is cached too (null): the catalog tag expires it when the catalog grows. */
export async function cachedCatalogPage(shopId: number, page: number) {
  "use cache";
  cacheLife(BACKSTOP);
  cacheTag(tags.all, tags.shop(shopId), tags.catalog(shopId));
  return storefrontCatalogPage(db(), shopId, page);
}

export async function cachedProduct(shopId: number, path: string) {
  "use cache";
  cacheLife(BACKSTOP);
  const product = await storefrontProduct(db(), shopId, path);
  // a missing path is cached too: the catalog tag expires it when a product takes that path
  cacheTag(tags.all, tags.shop(shopId), tags.extras(shopId), product ? tags.product(product.id) : tags.catalog(shopId));
  return product;
}

export async function cachedSitemapEntries(shopId: number) {
  "use cache";
  cacheLife(BACKSTOP);
  cacheTag(tags.all, tags.catalog(shopId));
  const products = await indexableProducts(db(), shopId);
  return products.map((product) => ({ path: product.path, updatedAt: product.updated_at.toISOString() }));
}

export async function cachedBlogPosts(shopId: number) {
  "use cache";
  cacheLife(BACKSTOP);
  cacheTag(tags.all, tags.shop(shopId), tags.blog(shopId));
  return storefrontBlogPosts(db(), shopId);
}

export async function cachedBlogPost(shopId: number, path: string) {
  "use cache";
  cacheLife(BACKSTOP);
  // a missing path (or a draft's) is cached too: the blog tag expires it when a post is published there
  cacheTag(tags.all, tags.shop(shopId), tags.blog(shopId));
  return storefrontBlogPost(db(), shopId, path);
}

/** Read by the layout: every page of the shop carries the blog tag, so the header's link follows the first publication and the last unpublication. */
export async function cachedHasBlog(shopId: number) {
  "use cache";
  cacheLife(BACKSTOP);
  cacheTag(tags.all, tags.blog(shopId));
  return hasPublishedPosts(db(), shopId);
}

export async function cachedBlogSitemapEntries(shopId: number) {
  "use cache";
  cacheLife(BACKSTOP);
  cacheTag(tags.all, tags.blog(shopId));
  const posts = await indexablePosts(db(), shopId);
  return posts.map((post) => ({ path: post.path, updatedAt: post.updated_at.toISOString() }));
}
