import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, signedInContext, test } from "../support/api";
import { documentValidator, type SendOptions } from "../support/openapi";
import { calls } from "../support/openapi-requests";

/**
 * Every operation of /v1/openapi.json is called here with a real, valid
 * request (its builder in e2e/support/openapi-requests/), and its answer
 * (status, content type, body, headers) must be the documented success. An
 * operation without a builder, or a builder whose operation the document
 * lacks, fails the first test. The documented refusals are walked in
 * openapi-refusals.spec.ts.
 */

test.describe("the OpenAPI document against real answers", () => {
  test("every operation of the document has a call here, and every call an operation", async ({ anonymous }) => {
    const validator = await documentValidator(anonymous);
    const documented = validator.operations().map((operation) => operation.operationId);
    expect(Object.keys(calls).sort()).toEqual(documented.sort());
  });

  for (const [operationId, call] of Object.entries(calls)) {
    test(`${operationId}: a valid request gets the documented success`, async ({
      seller,
      anonymous,
      shopId,
      seed,
      playwright,
      baseURL,
    }) => {
      const signedIn = signedInAtFirstUse(() => signedInContext(playwright, baseURL!, seed.seller.email, seed.seller.password));
      const sellerSignedIn = signedIn.context;
      const validator = await documentValidator(anonymous);
      let sent: APIResponse | undefined;
      const send = async (id: string, { client = seller, ...options }: SendOptions = {}) => {
        const response = await validator.send(client, id, options);
        if (id === operationId) sent = response;
        return response;
      };
      const response = await call({ seller, sellerSignedIn, anonymous, shopId, seed, playwright, baseURL, send });
      expect(response, `the call of ${operationId} must answer with its own request`).toBe(sent);
      await validator.expectDocumented(response, operationId, validator.successStatus(operationId));
      await signedIn.dispose();
    });
  }
});

/**
 * The signed-in seller's context, signed in at its first use: a sign-in
 * costs a password hash, and only the few calls of the account's own routes
 * need a session. Every method of a request context is async, so the
 * stand-in forwards each call once the sign-in is done.
 */
function signedInAtFirstUse(signIn: () => Promise<APIRequestContext>) {
  let made: Promise<APIRequestContext> | undefined;
  const context = new Proxy({} as APIRequestContext, {
    get: (_target, method) =>
      // not a promise itself: `await context` must not call a forwarded `then`
      method === "then"
        ? undefined
        : async (...args: unknown[]) => {
            made ??= signIn();
            const real = await made;
            return (real[method as keyof APIRequestContext] as (...forwarded: unknown[]) => unknown).apply(real, args);
          },
  });
  return { context, dispose: async () => (made ? (await made).dispose() : undefined) };
}
