/**
 * `npm run db:seed [-- --reset] [-- --json] [-- --force-demo]`: the demo data contract of
 * API-CONVENTIONS.md. Idempotent: on a seeded database it changes nothing and
 * prints the same credentials again (kept encrypted in app_settings, since API
 * keys are only stored as hashes). `--reset` wipes every table first.
 */
import { closeDb, db } from "../lib/db";
import { verifyEncryptionKey } from "../lib/crypto/key-check";
import { decryptSecret, encryptSecret } from "../lib/crypto/secrets";
import { checkEnvironment } from "../lib/env";
import { DEMO_STOREFRONT, seedDemo, type DemoCredentials } from "../lib/seed/demo";
import { storefrontPath, storefrontUrl } from "../lib/storefront/paths";
import { exitUnlessReady } from "../lib/startup";

const CREDENTIALS_KEY = "demo_credentials";
const args = new Set(process.argv.slice(2));
await exitUnlessReady("db:seed", async () => checkEnvironment());
// demo logins with known passwords must never appear on a production database by accident
if (process.env.NODE_ENV === "production" && !args.has("--force-demo")) {
  console.error("db:seed writes demo accounts with known passwords: refused with NODE_ENV=production (add --force-demo to insist).");
  process.exit(1);
}
const client = db();

async function wipe() {
  const tables = await client.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`;
  if (tables.length) {
    await client.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
  }
}

async function storedCredentials(): Promise<DemoCredentials | null> {
  const row = await client.appSetting.findUnique({ where: { key: CREDENTIALS_KEY } });
  if (!row) return null;
  return JSON.parse(decryptSecret(row.value as string)) as DemoCredentials;
}

async function main() {
  if (args.has("--reset")) await wipe();
  // The same key the server will check at start: secrets written or read here must open there.
  await exitUnlessReady("db:seed", () => verifyEncryptionKey(client));
  let credentials = await storedCredentials();
  if (credentials) {
    console.log("The demo data is already in place.");
  } else {
    if ((await client.user.count()) > 0) {
      throw new Error("The database has data but no demo credentials: run `npm run db:seed -- --reset` to recreate the demo.");
    }
    const started = Date.now();
    credentials = await seedDemo(client);
    await client.appSetting.create({ data: { key: CREDENTIALS_KEY, value: encryptSecret(JSON.stringify(credentials)) } });
    console.log(`Demo data created in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  const { seller, otherSeller, reseller } = credentials;
  console.log(`Seller:        ${seller.email} / ${seller.password}  (API key ${seller.apiKey}; shops ${seller.shopIds.join(", ")})`);
  console.log(
    `Other seller:  ${otherSeller.email} / ${otherSeller.password}  (API key ${otherSeller.apiKey}; shop ${otherSeller.shopIds.join(", ")})`,
  );
  console.log(`Reseller:      ${reseller.email} / ${reseller.password}  (API key ${reseller.apiKey}; shop ${reseller.shopId})`);
  console.log(`Storefront:    ${storefrontUrl(storefrontPath(DEMO_STOREFRONT))}  (the demo shop as buyers see it)`);
  if (args.has("--json")) console.log(JSON.stringify(credentials));
}

try {
  await main();
} finally {
  await closeDb();
}
