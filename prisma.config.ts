process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
