import { copyFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { expect, test } from "../support/api";
import { run } from "../support/run";

/**
 * What a third party does with the document: generate types with
 * openapi-typescript and type-check a client written against them
 * (e2e/typed-client/usage.ts, which also expects the compiler to refuse
 * wrong uses). Nothing generated is kept in the repository.
 */
test("a client typed from the served document type-checks", async ({ anonymous }, testInfo) => {
  const response = await anonymous.get("/v1/openapi.json");
  expect(response.status()).toBe(200);
  const dir = testInfo.outputPath("typed-client");
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "openapi.d.ts"), astToString(await openapiTS(await response.json())));
  await copyFile("e2e/typed-client/usage.ts", path.join(dir, "usage.ts"));
  await copyFile("e2e/typed-client/tsconfig.json", path.join(dir, "tsconfig.json"));
  const tsc = await run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", path.join(dir, "tsconfig.json")]);
  expect(tsc.stdout + tsc.stderr).toBe("");
  expect(tsc.code).toBe(0);
});
