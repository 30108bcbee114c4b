import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * No serious or critical axe-core finding on the page as it is now (WCAG 2.x
 * A and AA rules and axe's best practices). The message lists each finding
 * with the elements it names, so a failure says what to fix.
 */
export async function expectAccessible(page: Page, where = page.url()) {
  // Next streams a page's metadata after its content: right after a client
  // navigation the <title> can be briefly absent, so wait for it (a page that
  // never gets one still fails here) before axe reads the document.
  await expect(page, `the document title of ${where}`).toHaveTitle(/\S/);
  // A frame sandboxed without scripts (the theme editor's preview) cannot run
  // axe: its timers never fire and the run would wait forever. Its document is
  // checked on its own page by the spec that shows it.
  const results = await new AxeBuilder({ page }).exclude("iframe[sandbox]").analyze();
  const findings = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(findings, `accessibility findings on ${where}`).toEqual([]);
}
