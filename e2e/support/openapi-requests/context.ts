import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from "@playwright/test";
import type { SeedInfo } from "../seed";
import { expect } from "../api";
import type { SendOptions } from "../openapi";

/** What a request builder of e2e/api/openapi-responses.spec.ts is given. */
export type Context = {
  seller: APIRequestContext;
  /** The demo seller's dashboard session: API keys are managed with a session only. */
  sellerSignedIn: APIRequestContext;
  anonymous: APIRequestContext;
  shopId: number;
  seed: SeedInfo;
  playwright: PlaywrightWorkerArgs["playwright"];
  baseURL: string | undefined;
  /** The request of this test's operation (and of setup steps through other operations). */
  send: (operationId: string, options?: SendOptions) => Promise<APIResponse>;
};

/** A builder: sends its operation's valid request (through `send`) and returns the answer. */
export type Call = (context: Context) => Promise<APIResponse>;

/** Creates a record of the shop (201 asserted) through its plain route. */
export const shopRecord = (seller: APIRequestContext, path: string, data: unknown) =>
  seller.post(path, { data }).then(async (response) => {
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number };
  });
