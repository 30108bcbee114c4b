import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The unit tier (`npm run test:unit`): pure rules and modules tested in this
 * process, no build and no server. Some start local listeners or open an
 * in-memory PGlite of their own. `@/` resolves as tsconfig.json's `paths` do.
 */
export default defineConfig({
  resolve: { alias: { "@/": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
