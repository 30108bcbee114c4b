import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect } from "./api";
import { dashboardClient } from "./accounts";
import { applyAsNewPerson } from "./reseller-portal";
import type { ShopView } from "../../lib/shops/schemas";

/**
 * A person of the test's own, signed in to the dashboard: shops are made
 * with fresh accounts so the seeded sellers' shops (and their limit of 10)
 * stay as other specs expect them. The reseller application makes the
 * account; any account may own shops.
 */
export async function newShopOwner(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  anonymous: APIRequestContext,
  applyToShopId: number,
) {
  const person = await applyAsNewPerson(anonymous, applyToShopId);
  const client = await dashboardClient(playwright, baseURL, person.email, person.password);
  return { ...person, client };
}

/** A subdomain no other test uses (3 to 32 characters). */
export function uniqueSubdomain(prefix = "t"): string {
  return `${prefix}-${randomUUID().replaceAll("-", "").slice(0, 20)}`;
}

/** Creates a shop as JSON through the API (201 asserted). */
export async function createShopAs(client: APIRequestContext, name = `Shop ${randomUUID().slice(0, 8)}`, subdomain = uniqueSubdomain()) {
  const response = await client.post("/v1/shops/create", { data: { name, subdomain } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ShopView;
}
