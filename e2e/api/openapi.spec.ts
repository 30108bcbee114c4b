import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../support/api";

/** Every exported handler of app/v1/**\/route.ts as "METHOD /v1/path/{param}". */
function routeOperations(): string[] {
  const root = path.resolve("app/v1");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // A catch-all ([[...path]]) answers paths no route serves; it is no operation.
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("[[...")) walk(full);
      } else if (entry.name === "route.ts") {
        const apiPath =
          "/v1" +
          path
            .relative(root, dir)
            .split(path.sep)
            .map((part) => part.replace(/^\[(\w+)\]$/, "{$1}"))
            .filter(Boolean)
            .map((p) => `/${p}`)
            .join("");
        for (const [, method] of readFileSync(full, "utf8").matchAll(/export const (GET|POST|PUT|DELETE|PATCH)\b/g)) {
          found.push(`${method} ${apiPath}`);
        }
      }
    }
  };
  walk(root);
  return found.sort();
}

test("the OpenAPI document describes every route and only existing ones", async ({ anonymous }) => {
  const response = await anonymous.get("/v1/openapi.json");
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
    .flatMap(([apiPath, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${apiPath}`))
    .sort();
  expect(documented).toEqual(routeOperations());
});

test("request schemas in the document carry the validation bounds", async ({ anonymous }) => {
  const document = await (await anonymous.get("/v1/openapi.json")).json();
  const login = document.paths["/v1/auth/login"].post.requestBody.content["application/json"].schema;
  expect(login.required).toEqual(expect.arrayContaining(["email", "password"]));
  expect(login.properties.email.maxLength).toBe(255);
});
