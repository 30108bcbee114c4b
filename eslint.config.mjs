import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

const ZOD = {
  name: "zod",
  importNames: ["z"],
  allowTypeImports: true,
  message: 'Use `import * as z from "@/lib/validation/zod"` (a namespace import; see lib/validation/zod.ts).',
};
/** The database is reached through lib/db (its opening comment says how), never through a driver. */
const DRIVERS = ["pg", "@electric-sql/pglite", "@prisma/adapter-pg", "pglite-prisma-adapter"];
const DRIVER_MESSAGE =
  "Reach the database through lib/db (query, execute, sqlTransaction, listen); the drivers are imported only under lib/db/.";
const driverPath = (name) => ({ name, message: DRIVER_MESSAGE });
const DRIVER_SUBPATHS = { group: ["@electric-sql/pglite/*", "pg/*"], message: DRIVER_MESSAGE };
/** SQL goes through lib/db's `query` and `execute`, which send it the same way inside and outside a transaction. */
const RAW_SQL_MESSAGE =
  "Run SQL (`Prisma.sql`) through lib/db's `query` (rows) or `execute` (rows written); Prisma's raw methods are called only under lib/db/.";
const RAW_SQL = ["$queryRaw", "$queryRawUnsafe", "$executeRaw", "$executeRawUnsafe"].map((property) => ({
  property,
  message: RAW_SQL_MESSAGE,
}));

/** Next's rules (React, hooks, a11y, typescript-eslint); formatting is Prettier's, not ESLint's. */
export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  prettier,
  {
    rules: {
      // `_name` marks a binding kept on purpose (a destructured field left out of a spread).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // zod's `z` imported as a value keeps all of zod (locales included) in every page bundle; see lib/validation/zod.ts.
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [ZOD, ...DRIVERS.map(driverPath)], patterns: [DRIVER_SUBPATHS] }],
      "no-restricted-properties": ["error", ...RAW_SQL],
    },
  },
  {
    // The database layer owns the drivers and Prisma's raw methods; tests and scripts set databases up with them.
    files: ["lib/db/**", "e2e/**", "tests/**", "prisma/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [ZOD] }], "no-restricted-properties": "off" },
  },
  {
    // The dashboard's data layer: no import circles, and every react-query key from lib/client/query-keys.ts.
    files: ["lib/client/**", "components/**", "app/**"],
    ignores: ["lib/client/query-keys.ts"],
    // The cycle check walks every module a file imports. A circle of the client code can only pass
    // through modules that import client code: packages and the server side of lib/ (the schemas, and
    // through them Prisma's generated client) never do, and parsing them was most of the lint run.
    // (the last `lib/` of the path is this repository's, wherever it is checked out)
    settings: { "import/ignore": ["node_modules", "/lib/(?!client/)(?!.*/lib/)"] },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Take query keys from lib/client/query-keys.ts.",
        },
      ],
    },
  },
  {
    // The storefront shows uploads as stored from /cdn (a year of cache); the optimizer would re-encode them.
    files: ["app/s/**", "components/storefront/**"],
    rules: { "@next/next/no-img-element": "off" },
  },
  {
    // The two modules that wrap zod itself.
    files: ["lib/validation/zod.ts", "lib/validation/messages.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    // Playwright fixtures receive a function named `use`; it is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([
    ".next*/**",
    "node_modules/**",
    "lib/generated/**",
    "test-results/**",
    "playwright-report/**",
    "data/**",
    "next-env.d.ts",
  ]),
]);
