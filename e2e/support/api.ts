import { test as base, expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { seed, type SeedInfo } from "./seed";
import type { ValidationErrorBody } from "../../lib/api/schemas";

/**
 * API fixtures: `seller` sends the demo seller's key, `otherSeller` the other
 * owner's, `anonymous` nothing. `shopId` is the demo seller's first shop,
 * `foreignShopId` a shop of the other seller.
 */
type Fixtures = {
  seed: SeedInfo;
  seller: APIRequestContext;
  /** The demo seller's dashboard session (cookie, same-origin `Origin`): what session-only routes (API keys) need. */
  sellerSignedIn: APIRequestContext;
  otherSeller: APIRequestContext;
  anonymous: APIRequestContext;
  shopId: number;
  foreignShopId: number;
};

export const test = base.extend<Fixtures>({
  seed: async ({}, use) => use(seed()),
  seller: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${seed().seller.apiKey}`, Accept: "application/json" },
    });
    await use(context);
    await context.dispose();
  },
  sellerSignedIn: async ({ playwright, baseURL }, use) => {
    const context = await signedInContext(playwright, baseURL!, seed().seller.email, seed().seller.password);
    await use(context);
    await context.dispose();
  },
  otherSeller: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${seed().otherSeller.apiKey}`, Accept: "application/json" },
    });
    await use(context);
    await context.dispose();
  },
  anonymous: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Accept: "application/json" } });
    await use(context);
    await context.dispose();
  },
  shopId: async ({}, use) => use(seed().seller.shopIds[0]!),
  foreignShopId: async ({}, use) => use(seed().otherSeller.shopIds[0]!),
});

export { expect };

/**
 * A request context signed in to the dashboard as `email`: the session
 * cookie, and the `Origin` a page of this app sends (a cookie counts for a
 * state-changing request only from this origin).
 */
export async function signedInContext(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, email: string, password: string) {
  const context = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Accept: "application/json", Origin: new URL(baseURL).origin },
  });
  const login = await context.post("/v1/auth/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

/** The 403 of a member whose role (or key) lacks the route's permission: the permission is named. */
export async function expectForbidden(response: APIResponse, permission: string) {
  expect(response.status(), await response.text()).toBe(403);
  const body = await response.json();
  expect(body.permission).toBe(permission);
  expect(body.message).toContain(permission);
}

/** Asserts the 422 body of the conventions and that `field` is among its errors. */
export async function expectValidationError(response: APIResponse, field: string) {
  expect(response.status(), await response.text()).toBe(422);
  const body = await response.json();
  expect(typeof body.message).toBe("string");
  expect(body.errors, JSON.stringify(body)).toHaveProperty([field]);
  expect(Array.isArray(body.errors[field])).toBe(true);
  return body as ValidationErrorBody;
}

export async function expectShopNotFound(response: APIResponse, what?: string) {
  expect(response.status(), what).toBe(404);
  expect(await response.json(), what).toEqual({ success: false, error: "Shop not found", message: "Shop not found" });
}

export async function expectUnauthenticated(response: APIResponse, what?: string) {
  expect(response.status(), what).toBe(401);
  expect(await response.json(), what).toEqual({ message: "Unauthenticated." });
}

/** A shop route for `expectGuarded`: its path in a given shop (the same record ids in any shop), and what it sends. */
export type GuardedRoute = {
  method: "get" | "post" | "put" | "delete";
  path: (shopId: number) => string;
  data?: unknown;
  multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
};

/**
 * The guards every shop route has, checked four ways per route: without a
 * key and with a bad one (malformed, or well-formed and unknown) it is 401;
 * the other seller on this seller's shop, and this seller on the other
 * seller's shop, get 404 Shop not found (a shop of someone else's is not
 * told apart from a missing one, and nothing in it is read or changed).
 */
export async function expectGuarded(
  {
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }: Pick<Fixtures, "seller" | "otherSeller" | "anonymous" | "shopId" | "foreignShopId">,
  routes: GuardedRoute[],
) {
  for (const { method, path, data, multipart } of routes) {
    const send = (client: APIRequestContext, shop: number, headers?: Record<string, string>) =>
      client.fetch(path(shop), { method: method.toUpperCase(), data, multipart, headers });
    const route = `${method.toUpperCase()} ${path(shopId)}`;
    await Promise.all([
      send(anonymous, shopId).then((response) => expectUnauthenticated(response, `${route} without a key`)),
      send(anonymous, shopId, { Authorization: "Bearer bad" }).then((response) =>
        expectUnauthenticated(response, `${route}, a malformed key`),
      ),
      send(anonymous, shopId, { Authorization: "Bearer sd_live_nope" }).then((response) =>
        expectUnauthenticated(response, `${route}, an unknown key`),
      ),
      send(otherSeller, shopId).then((response) => expectShopNotFound(response, `${route} as the other seller`)),
      send(seller, foreignShopId).then((response) => expectShopNotFound(response, `${method.toUpperCase()} ${path(foreignShopId)}`)),
    ]);
  }
}
