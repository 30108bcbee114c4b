import { applyMigrations } from "../lib/db/migrations";
import { checkEnvironment } from "../lib/env";
import { exitUnlessReady } from "../lib/startup";

await exitUnlessReady("db:migrate", async () => checkEnvironment());
const applied = await applyMigrations();
console.log(applied.length ? `${applied.length} migration(s) applied.` : "Database is up to date.");
