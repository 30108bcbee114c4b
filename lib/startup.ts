import { pendingMigrations } from "./db/migrations";
import { closeDb, db } from "./db";
import { verifyEncryptionKey } from "./crypto/key-check";
import { checkEnvironment, ConfigurationError } from "./env";
import { encryptClearDynamicTokens } from "./reseller/clear-token-upgrade";

/**
 * What must hold before the server answers anyone: a valid environment, a
 * database with every migration applied, and an encryption key that opens
 * the secrets it stores. A server that started without them answered 500 to
 * purchases it had already charged. Then the dynamic tokens still stored in
 * clear are encrypted (the migration that added encryption could not).
 */
export async function checkBeforeServing(): Promise<void> {
  checkEnvironment();
  const client = db();
  const pending = await pendingMigrations(client);
  if (pending.length) {
    throw new ConfigurationError(`the database lacks ${pending.length} migration(s) (${pending.join(", ")}): run \`npm run db:migrate\``);
  }
  await verifyEncryptionKey(client);
  const converted = await encryptClearDynamicTokens(client);
  if (converted) console.log(`> encrypted ${converted} reseller dynamic token(s) that were stored in clear`);
}

/** Runs a command's start-up checks; when they fail the process ends (exit 1) with the reason, before doing anything. */
export async function exitUnlessReady(command: string, checks: () => Promise<void>): Promise<void> {
  try {
    await checks();
  } catch (error) {
    if (error instanceof ConfigurationError) console.error(`${command} cannot start: ${error.message}`);
    else console.error(`${command} cannot start:`, error);
    await closeDb().catch(() => undefined);
    process.exit(1);
  }
}
