/**
 * The cache tags of the storefront's cached reads. The database's triggers
 * (migration 20261126170000_storefront_notify) send the same strings on the
 * `storefront` channel when a row a page shows changes, and every server
 * process expires them (lib/storefront/cache-listener.ts): an edit made
 * through any process, worker or SQL shows at the next load everywhere.
 */
export const storefrontTags = {
  /** Everything any storefront page caches: expired when the listener may have missed notifications. */
  all: "storefront",
  /** A shop looked up by its subdomain (also a subdomain that has no shop yet). */
  subdomain: (subdomain: string) => `subdomain:${subdomain}`,
  /** The shop row, its images, theme and groups: every page of the shop. */
  shop: (shopId: number) => `shop:${shopId}`,
  /** Any product or variant of the shop: the home page's cards, the catalog's pages and the sitemap. */
  catalog: (shopId: number) => `catalog:${shopId}`,
  /** One product's page. */
  product: (productId: number) => `product:${productId}`,
  /** Bundle offers and custom fields, which span products: every product page of the shop. */
  extras: (shopId: number) => `extras:${shopId}`,
  /** Any blog post of the shop: the blog's pages, the header's link to it and the sitemap (migration 20261210100000_blog_posts). */
  blog: (shopId: number) => `blog:${shopId}`,
};

/** The channel the triggers notify on. */
export const STOREFRONT_CHANNEL = "storefront";
