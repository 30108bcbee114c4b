import type { APIRequestContext } from "@playwright/test";
import type { SellerPage } from "../../lib/api/schemas";
import type { BundleOfferView, QuantityDealView } from "../../lib/deals/schemas";

/**
 * The demo catalog ids the promotion and checkout tests need, found through
 * the API: the seeded quantity deals and bundle offers name the Steam key
 * product (Standard and Deluxe variants), the gift card and the coaching
 * product. Tests never change those seeded records.
 */
export type DemoCatalog = { steam: number; standard: number; deluxe: number; giftcard: number; coaching: number };

async function allPages<T>(seller: APIRequestContext, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page < 50; page++) {
    const body = (await (await seller.get(`${path}?perPage=100&page=${page}`)).json()) as SellerPage<T>;
    out.push(...body.data);
    if (page >= body.last_page) break;
  }
  return out;
}

let cached: DemoCatalog | undefined;

export async function demoCatalog(seller: APIRequestContext, shopId: number): Promise<DemoCatalog> {
  if (cached) return cached;
  const deals = await allPages<QuantityDealView>(seller, `/v1/shops/${shopId}/quantity-deals`);
  const offers = await allPages<BundleOfferView>(seller, `/v1/shops/${shopId}/bundle-offers`);
  const standardDeal = deals.find((deal) => deal.name.startsWith("Buy 3 Standard keys"))!;
  const deluxeDeal = deals.find((deal) => deal.name === "Winter sale (draft)")!;
  const giftDeal = deals.find((deal) => deal.name.startsWith("Gift card bulk"))!;
  const coachingOffer = offers.find((offer) => offer.name === "Coaching starter pack")!;
  const steam = standardDeal.product_id;
  cached = {
    steam,
    standard: standardDeal.variant_id!,
    deluxe: deluxeDeal.variant_id!,
    giftcard: giftDeal.product_id,
    coaching: coachingOffer.items.find((id) => id !== steam)!,
  };
  return cached;
}

/** A name no other test uses. */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
