import type { Page } from "@playwright/test";
import { expect } from "./api";

/**
 * The page does not scroll sideways at its current width. When it does, the
 * message names the deepest elements that reach past the viewport's right
 * edge (tag, classes, text), so a failure on data the test did not make (a
 * long name or a large total left by another spec) says what to fix.
 */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const wide = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    const deepest = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      culprits: deepest.slice(0, 5).map((element) => {
        const text = (element.textContent ?? "").trim().slice(0, 40);
        return `<${element.tagName.toLowerCase()} class="${element.className}"> right ${Math.round(element.getBoundingClientRect().right)} "${text}"`;
      }),
    };
  });
  const message = overflow
    ? `${where} scrolls sideways at ${page.viewportSize()?.width} px (${overflow.scrollWidth} wide): ${overflow.culprits.join("; ")}`
    : where;
  expect(overflow, message).toBeNull();
}
