import type { Operation } from "../document";
import { bundleOfferBody, promotionListQuery, quantityDealBody } from "../../deals/schemas";

const deals = "/v1/shops/{shopId}/quantity-deals";
const offers = "/v1/shops/{shopId}/bundle-offers";

export const promotionsOperations: Operation[] = [
  { method: "get", path: deals, summary: "List quantity deals (newest first)", tag: "Quantity deals", auth: "seller", query: promotionListQuery, success: { description: "Seller paginated envelope of quantity deals" } },
  { method: "post", path: deals, summary: "Create a quantity deal", tag: "Quantity deals", auth: "seller", body: quantityDealBody, success: { status: 201, description: "The quantity deal" } },
  { method: "get", path: `${deals}/{dealId}`, summary: "Get a quantity deal", tag: "Quantity deals", auth: "seller", success: { description: "The quantity deal" }, errors: [404] },
  { method: "delete", path: `${deals}/{dealId}`, summary: "Delete a quantity deal", tag: "Quantity deals", auth: "seller", success: { description: "`{\"message\": \"Quantity deal deleted.\"}`" }, errors: [404] },
  { method: "put", path: `${deals}/{dealId}/update`, summary: "Replace a quantity deal (same body as create)", tag: "Quantity deals", auth: "seller", body: quantityDealBody, success: { description: "The quantity deal" }, errors: [404] },
  { method: "get", path: offers, summary: "List bundle offers (newest first)", tag: "Bundle offers", auth: "seller", query: promotionListQuery, success: { description: "Seller paginated envelope of bundle offers" } },
  { method: "post", path: offers, summary: "Create a bundle offer", tag: "Bundle offers", auth: "seller", body: bundleOfferBody, success: { status: 201, description: "The bundle offer" } },
  { method: "get", path: `${offers}/{offerId}`, summary: "Get a bundle offer", tag: "Bundle offers", auth: "seller", success: { description: "The bundle offer" }, errors: [404] },
  { method: "delete", path: `${offers}/{offerId}`, summary: "Delete a bundle offer", tag: "Bundle offers", auth: "seller", success: { description: "`{\"message\": \"Bundle offer deleted.\"}`" }, errors: [404] },
  { method: "put", path: `${offers}/{offerId}/update`, summary: "Replace a bundle offer (same body as create)", tag: "Bundle offers", auth: "seller", body: bundleOfferBody, success: { description: "The bundle offer" }, errors: [404] },
];
