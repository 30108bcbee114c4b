import type { APIResponse } from "@playwright/test";
import { expect, test } from "../support/api";
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
      sellerSignedIn,
      anonymous,
      shopId,
      seed,
      playwright,
      baseURL,
    }) => {
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
    });
  }
});
