import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

/** Next's rules (React, hooks, a11y, typescript-eslint); formatting is Prettier's, not ESLint's. */
export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  prettier,
  {
    rules: {
      // `_name` marks a binding kept on purpose (a destructured field left out of a spread).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // The dashboard's data layer: no import circles, and every react-query key from lib/client/query-keys.ts.
    files: ["lib/client/**", "components/**", "app/**"],
    ignores: ["lib/client/query-keys.ts"],
    rules: {
      "import/no-cycle": "error",
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
    // Playwright fixtures receive a function named `use`; it is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([".next/**", "node_modules/**", "lib/generated/**", "test-results/**", "playwright-report/**", "data/**", "next-env.d.ts"]),
]);
