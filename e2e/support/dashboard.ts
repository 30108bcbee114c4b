import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { seed } from "./seed";
import { expectAccessible } from "./axe";
import { REAUTHENTICATE_AFTER_MS } from "./accounts";
import { expectNoSidewaysScroll } from "./layout";

/** Browser helpers: signing in by hand (specs not signed in by the base) and screenshots at two widths. */

/** One session per account and worker: the sign-in route allows 10 attempts a minute. */
const sessions = new Map<string, { state: Awaited<ReturnType<BrowserContext["storageState"]>>; at: number }>();

/**
 * Signs `who` in (through the API once per worker, then by its cookie) and
 * opens the dashboard. A kept session older than a few minutes enters the
 * password again, so the sensitive changes of the spec need no dialog.
 */
export async function signIn(page: Page, who: "seller" | "otherSeller" = "seller") {
  const account = seed()[who];
  const kept = sessions.get(who);
  if (!kept) {
    const response = await page.request.post("/v1/auth/login", { data: { email: account.email, password: account.password } });
    expect(response.status(), await response.text()).toBe(200);
    sessions.set(who, { state: await page.context().storageState(), at: Date.now() });
  } else {
    await page.context().addCookies(kept.state.cookies);
    if (Date.now() - kept.at > REAUTHENTICATE_AFTER_MS) {
      const response = await page.request.post("/v1/account/reauthenticate", {
        data: { password: account.password },
        headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
      });
      expect(response.status(), await response.text()).toBe(200);
      kept.at = Date.now();
    }
  }
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/\d+$/, { timeout: 20_000 });
}

const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } };

/**
 * At each width: `prepare` the page, save test-results/screens/<name>-<width>.png
 * and check that the page does not scroll sideways and passes axe. Leaves the page at desktop width.
 */
async function atEachWidth(page: Page, name: string, prepare: () => Promise<void>) {
  // each width is a load, a full-page screenshot and an axe run (several seconds on a busy 2-core machine):
  // the test's time grows with the pages it shoots instead of every spec guessing its own
  test.info().setTimeout(test.info().timeout + 20_000);
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    await page.setViewportSize(viewport);
    await prepare();
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
    await expectNoSidewaysScroll(page, name);
    await expectAccessible(page, `${name} at ${width} width`);
  }
  await page.setViewportSize(WIDTHS.desktop);
}

/** Screenshots of the page as it is, once `ready` holds at each width. */
export function screenshots(page: Page, name: string, ready: () => Promise<void>) {
  return atEachWidth(page, name, ready);
}

/** Screenshots of `path`, loaded afresh at each width. */
export function screenshotAtWidths(page: Page, name: string, path: string, ready: (page: Page) => Promise<void>) {
  return atEachWidth(page, name, async () => {
    await page.goto(path);
    await ready(page);
  });
}
