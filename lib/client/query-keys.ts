/**
 * Every react-query key of the dashboard and the portal, from one factory
 * (as the Medusa admin builds them): `all → lists → list(query) → details →
 * detail(id)` per resource, so a mutation invalidates a resource's lists or
 * one record by prefix, and two hooks can never share a key by accident.
 * Hooks in lib/client/hooks take their keys from here and nowhere else;
 * keeping them in one module also means no hooks file imports another's keys.
 */

/** The keys of one resource under `scope`. Ids are keyed as text, so `detail(5)` and `detail("5")` are one record. */
export function queryKeysFactory<const Scope extends readonly unknown[]>(...scope: Scope) {
  const lists = () => [...scope, "list"] as const;
  const details = () => [...scope, "detail"] as const;
  return {
    all: scope,
    lists,
    list: (query?: object) => [...lists(), { query }] as const,
    details,
    detail: (id: string | number) => [...details(), String(id)] as const,
  };
}

/** A resource of one shop: `["shops", shopId, resource, ...]`, so a shop's caches never mix with another's. */
const ofShop =
  <const Resource extends string>(resource: Resource) =>
  (shopId: string) =>
    queryKeysFactory("shops", shopId, resource);

export const queryKeys = {
  // the signed-in seller
  account: {
    me: () => ["account", "me"] as const,
    shops: queryKeysFactory("account", "shops"),
    apiKeys: queryKeysFactory("account", "api-keys"),
    sessions: () => ["account", "sessions"] as const,
    twoFactor: () => ["account", "two-factor"] as const,
  },

  // a shop's resources
  invoices: ofShop("invoices"),
  /** `list({ report, ...range })`: one key per report and range */
  analytics: ofShop("analytics"),
  stats: (shopId: string) => {
    const keys = ofShop("stats")(shopId);
    return { ...keys, overview: (days: number) => [...keys.all, "overview", days] as const };
  },
  products: (shopId: string) => {
    const keys = ofShop("products")(shopId);
    return {
      ...keys,
      /** every live product with its variants, for pickers */
      options: () => [...keys.all, "options"] as const,
      /** under the product's detail, so a change to the product refetches them */
      serials: (productId: string, variantId: number) => [...keys.detail(productId), "serials", variantId] as const,
    };
  },
  groups: ofShop("groups"),
  members: ofShop("members"),
  auditLog: ofShop("audit-log"),
  customFields: ofShop("custom-fields"),
  images: ofShop("images"),
  themes: ofShop("themes"),
  coupons: ofShop("coupons"),
  customers: (shopId: string) => {
    const keys = ofShop("customers")(shopId);
    return {
      ...keys,
      /** under the customer's detail, so any change of the customer refetches their ledger */
      balance: (customerId: string, page: number) => [...keys.detail(customerId), "balance", { page }] as const,
    };
  },
  blacklist: ofShop("blacklist"),
  feedbacks: ofShop("feedbacks"),
  tickets: ofShop("tickets"),
  blogPosts: ofShop("blog-posts"),
  quantityDeals: ofShop("quantity-deals"),
  bundleOffers: ofShop("bundle-offers"),
  checkouts: (shopId: string) => {
    const keys = ofShop("abandoned-checkouts")(shopId);
    return { ...keys, stats: () => [...keys.all, "stats"] as const };
  },
  subscriptions: ofShop("subscriptions"),
  notifications: (shopId: string) => {
    const keys = ofShop("notifications")(shopId);
    return { ...keys, latest: () => [...keys.all, "latest"] as const, settings: () => [...keys.all, "settings"] as const };
  },
  resellers: ofShop("resellers"),
  resellerTiers: ofShop("reseller-tiers"),
  webhooks: (shopId: string) => {
    const keys = ofShop("webhooks")(shopId);
    return { ...keys, deliveries: (webhookId: number, query: object) => [...keys.detail(webhookId), "deliveries", { query }] as const };
  },

  // a buyer's invoice page (public, by unique_id)
  buyerInvoice: (uniqueId: string) => ["buyer", "invoice", uniqueId] as const,
  buyerTicket: (token: string) => ["buyer", "ticket", token] as const,
  // the QR code of a crypto payment URI, drawn in the page (no request)
  paymentQr: (uri: string) => ["buyer", "payment-qr", uri] as const,
  shopSettings: (shopId: string) => ["shops", shopId, "settings"] as const,
  paymentMethods: (shopId: string) => ["shops", shopId, "payment-methods"] as const,
  domains: (shopId: string) => ["shops", shopId, "domains"] as const,

  // the reseller portal (its own session)
  portal: {
    all: ["reseller"] as const,
    profile: () => ["reseller", "me"] as const,
    balance: () => ["reseller", "balance"] as const,
    catalog: queryKeysFactory("reseller", "catalog"),
    ledger: queryKeysFactory("reseller", "ledger"),
    orders: queryKeysFactory("reseller", "invoices"),
  },
};
