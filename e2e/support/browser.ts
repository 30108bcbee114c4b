import type { APIRequestContext } from "@playwright/test";
import { expect, test as apiTest } from "./api";
import { expectAccessible } from "./axe";
import { seed } from "./seed";
import { reauthenticate, REAUTHENTICATE_AFTER_MS } from "./accounts";

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/**
 * The base of every browser spec: the API fixtures (`seller`, `otherSeller`,
 * `anonymous`, `shopId`, `seed`, ...) to set up what a test changes, and
 * `signedIn`: a spec that declares `test.use({ signedIn: true })` opens every
 * page with the demo seller's session. Each worker signs in once (sign-in
 * is rate limited); specs that sign in as someone else use `signIn` from
 * ./dashboard.ts.
 *
 * Every browser test ends with an axe-core check of the page it ended on
 * (no serious or critical finding), so each spec checks the pages it
 * walks without asking; the screenshot helpers check every width too. And
 * none may have met a Content-Security-Policy refusal on the way: every
 * script the app itself sends carries its page's nonce (a spec that injects
 * markup on purpose declares `policyViolations: "expected"`).
 */
export const test = apiTest.extend<
  { signedIn: boolean; policyViolations: "refused" | "expected" },
  { sellerSession: () => Promise<StorageState> }
>({
  signedIn: [false, { option: true }],
  policyViolations: ["refused", { option: true }],
  // a function, so that only workers running signed-in specs sign in
  sellerSession: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      let session: Promise<StorageState> | undefined;
      let signedInAt = 0;
      await use(async () => {
        session ??= (async () => {
          const context = await playwright.request.newContext({ baseURL });
          const { email, password } = seed().seller;
          const response = await context.post("/v1/auth/login", { data: { email, password } });
          expect(response.status(), await response.text()).toBe(200);
          const state = await context.storageState();
          await context.dispose();
          signedInAt = Date.now();
          return state;
        })();
        const state = await session;
        // the worker's session outlives the re-authentication window: sensitive changes would ask for the password again
        if (Date.now() - signedInAt > REAUTHENTICATE_AFTER_MS) {
          await reauthenticate(playwright, baseURL, state, seed().seller.password);
          signedInAt = Date.now();
        }
        return state;
      });
    },
    { scope: "worker" },
  ],
  storageState: async ({ signedIn, storageState, sellerSession }, use) => use(signedIn ? await sellerSession() : storageState),
  page: async ({ page, baseURL, policyViolations }, use, testInfo) => {
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("Content Security Policy"))
        refusals.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    const passed = testInfo.status === testInfo.expectedStatus;
    if (passed && policyViolations === "refused") expect(refusals, "Content-Security-Policy refusals").toEqual([]);
    if (passed && baseURL && page.url().startsWith(baseURL)) await expectAccessible(page, `the last page of "${testInfo.title}"`);
  },
});

export { expect };
