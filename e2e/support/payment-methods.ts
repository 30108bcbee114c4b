import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect } from "./api";
import { createShopAs, newShopOwner } from "./shops";
import type { PaymentMethodView } from "../../lib/payment-methods/schemas";

/**
 * A shop of a fresh owner, signed in to the dashboard: payment-method tests
 * change which gateways a shop takes, so they never touch the demo shop whose
 * gateways the checkout specs running alongside rely on.
 */
export async function ownShop(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  anonymous: APIRequestContext,
  applyToShopId: number,
) {
  const owner = await newShopOwner(playwright, baseURL, anonymous, applyToShopId);
  const shop = await createShopAs(owner.client);
  return { client: owner.client, shopId: shop.id, subdomain: shop.subdomain };
}

/** Adds a payment method (201 asserted). */
export async function addPaymentMethod(client: APIRequestContext, shopId: number, data: Record<string, unknown>) {
  const response = await client.post(`/v1/shops/${shopId}/payment-methods`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PaymentMethodView;
}
