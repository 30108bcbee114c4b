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
  // The same document at the same width gives axe's same answer: a page a
  // test already checked as it is now (a screenshot step's check, then the
  // end of the test) is not checked twice. Axe is the browser tier's costliest step.
  const state = await documentState(page);
  const seen = checked.get(page) ?? new Set<string>();
  checked.set(page, seen);
  if (seen.has(state)) return;
  // A frame sandboxed without scripts (the theme editor's preview) cannot run
  // axe: its timers never fire and the run would wait forever. Its document is
  // checked on its own page by the spec that shows it.
  const results = await new AxeBuilder({ page }).exclude("iframe[sandbox]").analyze();
  const findings = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(findings, `accessibility findings on ${where}`).toEqual([]);
  seen.add(state);
}

const checked = new WeakMap<Page, Set<string>>();

/** The page's width, URL and a hash of its whole markup: equal states are the same document as axe reads it. */
async function documentState(page: Page): Promise<string> {
  const markup = await page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    let hash = 0;
    for (let index = 0; index < html.length; index++) hash = (Math.imul(hash, 31) + html.charCodeAt(index)) | 0;
    return `${html.length}:${hash}`;
  });
  return `${page.viewportSize()?.width}|${page.url()}|${markup}`;
}
