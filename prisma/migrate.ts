import { applyMigrations } from "../lib/db/migrations";

const applied = await applyMigrations();
console.log(applied.length ? `${applied.length} migration(s) applied.` : "Database is up to date.");
