import { randomUUID } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { expect, test } from "../support/api";
import { documentValidator } from "../support/openapi";
import { ownReseller } from "../support/openapi-records";
import { approvedApplicant, portalClient } from "../support/reseller-portal";

/**
 * The documented refusals of /v1/openapi.json against real answers: every
 * secured operation without credentials (401), every operation under a shop
 * on another seller's shop (404), every JSON body malformed (400) or empty
 * (422), and the rarer ones (403, 409, 413, 429). The successes are in
 * openapi-responses.spec.ts.
 */

/** Path parameters that name nothing in particular: enough to reach the check under test (`field`: a bulk-update field that exists). */
function placeholders(path: string, shopId: number): Record<string, string | number> {
  return Object.fromEntries(
    [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
      name!,
      name === "shopId" ? shopId : name === "field" ? "visibility" : ["invoiceId", "id", "token"].includes(name!) ? "none" : 1,
    ]),
  );
}

/** Runs `check` over `items`, `width` at a time (the walks below make one or two requests per operation). */
async function inBatches<T>(items: T[], check: (item: T) => Promise<void>, width = 8) {
  for (let start = 0; start < items.length; start += width) await Promise.all(items.slice(start, start + width).map(check));
}

test.describe("the OpenAPI document against real answers", () => {
  // each test walks every operation of the document (two hundred and growing): a loaded CI machine needs minutes
  test.describe.configure({ timeout: 240_000 });

  test("without credentials every secured operation answers the documented 401", async ({ anonymous, shopId }) => {
    const validator = await documentValidator(anonymous);
    const secured = validator.operations().filter(({ operation }) => operation.security?.length);
    expect(secured.length).toBeGreaterThan(90);
    await inBatches(secured, async ({ operationId, path }) => {
      const response = await validator.send(anonymous, operationId, { params: placeholders(path, shopId) });
      await validator.expectDocumented(response, operationId, 401);
    });
  });

  test("another seller's shop answers the documented 404 on every operation under /v1/shops/{shopId}", async ({
    anonymous,
    seller,
    foreignShopId,
  }) => {
    const validator = await documentValidator(anonymous);
    const underShop = validator.operations().filter(({ path }) => path.startsWith("/v1/shops/{shopId}"));
    expect(underShop.length).toBeGreaterThan(80);
    await inBatches(underShop, async ({ operationId, path }) => {
      const response = await validator.send(seller, operationId, { params: placeholders(path, foreignShopId) });
      await validator.expectDocumented(response, operationId, 404);
    });
  });

  test("every operation that reads a JSON body answers the documented 400 to malformed JSON and 422 to an empty one", async ({
    anonymous,
    seller,
    sellerSignedIn,
    shopId,
    playwright,
    baseURL,
  }) => {
    const validator = await documentValidator(anonymous);
    const reseller = await ownReseller(playwright, baseURL, seller, shopId);
    // the portal's session-only routes (a password change) need a reseller who signs in with a password
    const applicant = await approvedApplicant(anonymous, seller, shopId);
    const portal = await portalClient(playwright, baseURL, applicant.email, applicant.password);
    const clientFor = (security: unknown[] | undefined) => {
      const schemes = JSON.stringify(security ?? []);
      if (!security?.length) return anonymous;
      if (schemes.includes("resellerKey")) return reseller.client;
      if (schemes.includes("sellerKey")) return seller;
      return schemes.includes("resellerSessionCookie") ? portal : sellerSignedIn;
    };
    // The signed receiver reads its raw body itself and answers in plain text (reseller-delivery.spec.ts).
    const withJsonBody = validator
      .operations()
      .filter(
        ({ operationId, operation }) => operation.requestBody?.content["application/json"] && operationId !== "receiveDynamicDelivery",
      );
    expect(withJsonBody.length).toBeGreaterThanOrEqual(40);
    await inBatches(withJsonBody, async ({ operationId, path, operation }) => {
      const options = { params: placeholders(path, shopId), headers: { "Content-Type": "application/json" } };
      const client = clientFor(operation.security);
      await validator.expectDocumented(
        await validator.send(client, operationId, { ...options, data: Buffer.from('{"name": ') }),
        operationId,
        400,
      );
      if (operation.requestBody!.required)
        await validator.expectDocumented(await validator.send(client, operationId, { ...options, data: {} }), operationId, 422);
    });
  });

  test("the rarer refusals answer as documented: 403, 409, 413, 429", async ({ anonymous, seller, shopId, playwright, baseURL }) => {
    const validator = await documentValidator(anonymous);

    const foreign = await validator.send(anonymous, "resellerLogin", {
      headers: { Origin: "https://elsewhere.example" },
      data: { email: "someone@example.test", password: "secret" },
    });
    await validator.expectDocumented(foreign, "resellerLogin", 403);

    const { client, product } = await ownReseller(playwright, baseURL, seller, shopId);
    const key = randomUUID();
    const line = { product_id: product.id, variant_id: product.variants[0]!.id, quantity: 1 };
    await validator.expectDocumented(
      await validator.send(client, "createResellerInvoice", { headers: { "Idempotency-Key": key }, data: { items: [line] } }),
      "createResellerInvoice",
      201,
    );
    const reused = await validator.send(client, "createResellerInvoice", {
      headers: { "Idempotency-Key": key },
      data: { items: [line, line] },
    });
    await validator.expectDocumented(reused, "createResellerInvoice", 409);

    const tooLarge = await validator.send(seller, "createCoupon", {
      params: { shopId },
      headers: { "Content-Type": "application/json" },
      data: Buffer.from(`{"code":"${"X".repeat(1024 * 1024)}"}`),
    });
    await validator.expectDocumented(tooLarge, "createCoupon", 413);

    // Failed sign-ins are limited per address and IP: an address of this test's own.
    const email = `nobody-${randomUUID()}@example.test`;
    let last: APIResponse | undefined;
    for (let attempt = 0; attempt < 12 && last?.status() !== 429; attempt++) {
      last = await validator.send(anonymous, "login", { data: { email, password: "wrong" } });
      if (last.status() !== 429) await validator.expectDocumented(last, "login", 422);
    }
    await validator.expectDocumented(last!, "login", 429);
  });
});
