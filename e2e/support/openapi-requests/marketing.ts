import { uniqueName } from "../catalog";
import { serialProduct } from "../openapi-records";
import { shopRecord, type Call } from "./context";

const quantityDeal = (productId: number) => ({
  name: uniqueName("Deal"),
  product_id: productId,
  buy_quantity: 2,
  discounted_quantity: 1,
  percentage: 10,
  enabled: false,
});
const bundleOffer = (productIds: number[]) => ({
  name: uniqueName("Bundle"),
  type: "fixed",
  discount: 1,
  enabled: false,
  items: productIds,
});

/** Promotions, coupons and notifications. */
export const marketingCalls: Record<string, Call> = {
  // promotions (disabled, on products of the test's own: no other test's price changes)
  listQuantityDeals: ({ send, shopId }) => send("listQuantityDeals", { params: { shopId }, query: { perPage: 5 } }),
  createQuantityDeal: async ({ send, seller, shopId }) =>
    send("createQuantityDeal", { params: { shopId }, data: quantityDeal((await serialProduct(seller, shopId, 0)).id) }),
  getQuantityDeal: async ({ send, seller, shopId }) => {
    const deal = await shopRecord(seller, `/v1/shops/${shopId}/quantity-deals`, quantityDeal((await serialProduct(seller, shopId, 0)).id));
    return send("getQuantityDeal", { params: { shopId, dealId: deal.id } });
  },
  updateQuantityDeal: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId, 0);
    const deal = await shopRecord(seller, `/v1/shops/${shopId}/quantity-deals`, quantityDeal(product.id));
    return send("updateQuantityDeal", {
      params: { shopId, dealId: deal.id },
      data: { ...quantityDeal(product.id), variant_id: product.variants[0]!.id, priority: 3, ends_at: "2030-01-01" },
    });
  },
  deleteQuantityDeal: async ({ send, seller, shopId }) => {
    const deal = await shopRecord(seller, `/v1/shops/${shopId}/quantity-deals`, quantityDeal((await serialProduct(seller, shopId, 0)).id));
    return send("deleteQuantityDeal", { params: { shopId, dealId: deal.id } });
  },
  listBundleOffers: ({ send, shopId }) => send("listBundleOffers", { params: { shopId }, query: { perPage: 5 } }),
  createBundleOffer: async ({ send, seller, shopId }) => {
    const products = [await serialProduct(seller, shopId, 0), await serialProduct(seller, shopId, 0)];
    return send("createBundleOffer", { params: { shopId }, data: bundleOffer(products.map((p) => p.id)) });
  },
  getBundleOffer: async ({ send, seller, shopId }) => {
    const offer = await shopRecord(seller, `/v1/shops/${shopId}/bundle-offers`, bundleOffer([(await serialProduct(seller, shopId, 0)).id]));
    return send("getBundleOffer", { params: { shopId, offerId: offer.id } });
  },
  updateBundleOffer: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId, 0);
    const offer = await shopRecord(seller, `/v1/shops/${shopId}/bundle-offers`, bundleOffer([product.id]));
    return send("updateBundleOffer", {
      params: { shopId, offerId: offer.id },
      data: { ...bundleOffer([product.id]), type: "percentage", discount: 5 },
    });
  },
  deleteBundleOffer: async ({ send, seller, shopId }) => {
    const offer = await shopRecord(seller, `/v1/shops/${shopId}/bundle-offers`, bundleOffer([(await serialProduct(seller, shopId, 0)).id]));
    return send("deleteBundleOffer", { params: { shopId, offerId: offer.id } });
  },

  // coupons
  listCoupons: ({ send, shopId }) => send("listCoupons", { params: { shopId }, query: { perPage: 5 } }),
  createCoupon: ({ send, shopId }) =>
    send("createCoupon", {
      params: { shopId },
      data: {
        code: uniqueName("SAVE").replace(/\W/g, ""),
        type: "percentage",
        discount: 15,
        max_uses: 10,
        allowed_emails: ["vip@example.test"],
      },
    }),
  getCoupon: async ({ send, seller, shopId }) => {
    const coupon = await shopRecord(seller, `/v1/shops/${shopId}/coupons`, {
      code: uniqueName("GET").replace(/\W/g, ""),
      type: "fixed",
      discount: 2,
    });
    return send("getCoupon", { params: { shopId, couponId: coupon.id } });
  },
  updateCoupon: async ({ send, seller, shopId }) => {
    const coupon = await shopRecord(seller, `/v1/shops/${shopId}/coupons`, {
      code: uniqueName("UPD").replace(/\W/g, ""),
      type: "fixed",
      discount: 2,
    });
    return send("updateCoupon", { params: { shopId, couponId: coupon.id }, data: { discount: 3.5, expiration_date: "2030-06-01" } });
  },
  deleteCoupon: async ({ send, seller, shopId }) => {
    const coupon = await shopRecord(seller, `/v1/shops/${shopId}/coupons`, {
      code: uniqueName("DEL").replace(/\W/g, ""),
      type: "fixed",
      discount: 2,
    });
    return send("deleteCoupon", { params: { shopId, couponId: coupon.id } });
  },
  // the seller's second shop: the first shop's spent coupons belong to the specs that read them
  deleteUsedCoupons: ({ send, seed }) => send("deleteUsedCoupons", { params: { shopId: seed.seller.shopIds[1]! } }),

  // notifications
  listLatestNotifications: ({ send, shopId }) => send("listLatestNotifications", { params: { shopId } }),
  listNotifications: ({ send, shopId }) => send("listNotifications", { params: { shopId }, query: { perPage: 5 } }),
  // The seller's second shop has no notifications (notifications.spec.ts reads the first shop's unread ones).
  markNotificationsAsRead: ({ send, seed }) => send("markNotificationsAsRead", { params: { shopId: seed.seller.shopIds[1]! } }),
  getNotificationSettings: ({ send, shopId }) => send("getNotificationSettings", { params: { shopId } }),
  updateNotificationSettings: async ({ send, seller, shopId }) => {
    // The first shop's saved settings, sent back as they are: a write that changes nothing.
    const { settings } = await (await seller.get(`/v1/shops/${shopId}/notifications/settings`)).json();
    return send("updateNotificationSettings", { params: { shopId }, data: settings });
  },
};
