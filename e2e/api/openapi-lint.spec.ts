import { writeFile } from "node:fs/promises";
import { expect, test } from "../support/api";
import { run } from "../support/run";

type Problem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };

test("the served document passes Redocly's recommended rules without an error or a warning", async ({ anonymous }, testInfo) => {
  const response = await anonymous.get("/v1/openapi.json");
  expect(response.status()).toBe(200);
  const file = testInfo.outputPath("openapi.json");
  await writeFile(file, await response.text());
  // Offline and quiet: no usage data, no update check.
  const lint = await run(
    "node_modules/.bin/redocly",
    ["lint", file, "--extends", "recommended", "--format", "json", "--max-problems", "1000"],
    {
      REDOCLY_TELEMETRY: "off",
      REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
    },
  );
  const report = JSON.parse(lint.stdout) as { problems: Problem[] };
  const problems = report.problems
    // The clients of this API family send PUT .../products/bulk-update/{field} beside .../products/{productId}/update:
    // Redocly calls the pair ambiguous, but a productId is an integer, so "bulk-update" never names a product.
    .filter((p) => !(p.ruleId === "no-ambiguous-paths" && p.message.includes("/products/bulk-update/{field}")))
    .map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
  expect(problems).toEqual([]);
  expect(lint.code, lint.stderr).toBe(0);
});
