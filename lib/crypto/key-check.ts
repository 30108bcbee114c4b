import type { Db } from "../db";
import { ConfigurationError } from "../env";
import { decryptSecret, encryptSecret } from "./secrets";

const CHECK_SETTING = "encryption_key_check";
const CHECK_TEXT = "shopdesk encryption key check";

const MISMATCH =
  "APP_ENCRYPTION_KEY cannot decrypt the secrets stored in this database (it is not the key they were encrypted with). " +
  "Start with the key this database was created with; every app process must share it.";

function opens(stored: unknown): boolean {
  try {
    return typeof stored === "string" && decryptSecret(stored) !== "";
  } catch {
    return false;
  }
}

/**
 * Proves, before anything is served, that the configured key opens what this
 * database holds: otherwise every request touching a secret would fail, some
 * of them after money moved. A row encrypted with the key is written once;
 * a database from before that row must first open one of its stored secrets.
 */
export async function verifyEncryptionKey(db: Db): Promise<void> {
  const check = await db.appSetting.findUnique({ where: { key: CHECK_SETTING } });
  if (check) {
    if (!opens(check.value)) throw new ConfigurationError(MISMATCH);
    return;
  }
  const sample =
    (await db.reseller.findFirst({ select: { signing_secret: true }, orderBy: { id: "asc" } }))?.signing_secret ??
    (await db.shop.findFirst({ where: { dynamic_signing_secret: { not: null } }, select: { dynamic_signing_secret: true } }))
      ?.dynamic_signing_secret;
  if (sample && !opens(sample)) throw new ConfigurationError(MISMATCH);
  await db.appSetting.createMany({ data: [{ key: CHECK_SETTING, value: encryptSecret(CHECK_TEXT) }], skipDuplicates: true });
  // Another process starting at the same moment may have written its row first, with its own key.
  const written = await db.appSetting.findUniqueOrThrow({ where: { key: CHECK_SETTING } });
  if (!opens(written.value)) throw new ConfigurationError(MISMATCH);
}
