import { defineConfig } from "@playwright/test";

/**
 * The suite runs against a server that scripts/test.sh has started on a
 * freshly migrated and seeded database (BASE_URL, SEED_FILE). Chromium is
 * Debian's: Playwright cannot download its own browsers on these machines.
 */
/** At most this many browser specs at once, whatever the workers of the run. */
const BROWSER_WORKERS = Number(process.env.BROWSER_WORKERS ?? 2);
/** Specs that measure the server's memory under a hostile body. */
const MEASURES_SERVER_MEMORY = /hostile-bodies\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  // The API tier waits more than it computes (rate-limit windows, retries, the outbox's interval): a third
  // worker fills those waits on two cores. The browser tier keeps its two (BROWSER_WORKERS): Chromium and
  // the server already fill the machine.
  workers: Number(process.env.TEST_WORKERS ?? 3),
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  // CI machines are shared and noisy: a page that is right but slow to refetch must not fail the run.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.BASE_URL ?? "http://localhost:3100",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: projects(),
});

/**
 * The tiers this run takes (TEST_TIERS, comma-separated; both by default):
 * `api` (real HTTP, where the two databases differ), `browser` (pages, which
 * cannot tell the databases apart: e2e/scripts/test.sh runs them on one pass
 * only). The unit tests are not Playwright's: `npm run test:unit` (Vitest).
 */
function projects() {
  const tiers = new Set((process.env.TEST_TIERS ?? "api,browser").split(",").map((tier) => tier.trim()));
  const chosen = [];
  if (tiers.has("api")) chosen.push({ name: "api", testDir: "e2e/api", testIgnore: MEASURES_SERVER_MEMORY });
  if (tiers.has("browser")) chosen.push({ name: "browser", testDir: "e2e/browser", workers: BROWSER_WORKERS });
  // They read the whole server's resident memory while they run: alone, after every other test, so no
  // concurrent upload, export or walk counts against them.
  if (tiers.has("api")) {
    const before = chosen.filter((project) => project.name === "api" || project.name === "browser").map((project) => project.name);
    chosen.push({ name: "api-alone", testDir: "e2e/api", testMatch: MEASURES_SERVER_MEMORY, dependencies: before });
  }
  return chosen;
}
