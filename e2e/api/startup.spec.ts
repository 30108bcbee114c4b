import { createHash } from "node:crypto";
import { expect, test } from "../support/api";
import {
  createPrivateDatabase,
  expectRefusal,
  randomKey,
  runScript,
  startServer,
  type Env,
  type PrivateDatabase,
} from "../support/private-server";
import { callReceiver } from "../support/reseller";

/**
 * Start-up refusals and secrets at rest. Each test starts its own server
 * process (port 3140) on a database of this spec's own, so a configuration
 * that cannot work and rows changed behind the app's back touch nothing of
 * the suite's server. Tests run in order: each leaves the database as the
 * next one expects.
 */
const PORT = 3140;
const NOT_A_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres";

// Every test starts a server process and opens the database: slower than a request.
test.describe.configure({ mode: "serial", timeout: 180_000 });

let database: PrivateDatabase;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  database = await createPrivateDatabase("startup", `http://127.0.0.1:${PORT}`);
});

test.afterAll(async () => {
  await database?.drop();
});

function withKey(key: string | undefined): Env {
  const env = { ...database.env };
  if (key === undefined) delete env.APP_ENCRYPTION_KEY;
  else env.APP_ENCRYPTION_KEY = key;
  return env;
}

/** The tables with a row whose text contains `needle`. */
function tablesContaining(needle: string): Promise<string[]> {
  return database.use(async (query) => {
    const tables = await query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const found: string[] = [];
    for (const { table_name } of tables) {
      const [row] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE strpos(t::text, $1) > 0`, [needle]);
      if (row!.n > 0) found.push(table_name);
    }
    return found;
  });
}

test.describe("start-up checks", () => {
  test("production on PostgreSQL without APP_ENCRYPTION_KEY: the server, the migrations and the seed refuse; nothing listens", async () => {
    const env = { ...withKey(undefined), DATABASE_URL: database.env.DATABASE_URL ?? NOT_A_SERVER, NODE_ENV: "production" };
    const outcome = await expectRefusal(PORT, env);
    expect(outcome.exitCode, outcome.output).toBe(1);
    expect(outcome.output).toContain(
      "Shopdesk cannot start: APP_ENCRYPTION_KEY must be set when running on a PostgreSQL server in production",
    );
    expect(outcome.output).not.toContain("ready on");
    expect(outcome.listened).toBe(false);

    for (const script of ["prisma/migrate.ts", "prisma/seed.ts"]) {
      const run = await runScript(script, [], env);
      expect(run.exitCode, run.output).toBe(1);
      expect(run.output).toContain("cannot start: APP_ENCRYPTION_KEY must be set when running on a PostgreSQL server in production");
    }
  });

  test("a key that is not 32 bytes is refused before anything is opened", async () => {
    const outcome = await expectRefusal(PORT, withKey("too-short"));
    expect(outcome.exitCode, outcome.output).toBe(1);
    expect(outcome.output).toContain("Shopdesk cannot start: APP_ENCRYPTION_KEY must hold 32 bytes");
    expect(outcome.listened).toBe(false);
  });

  test("a key that cannot decrypt the stored secrets: the server and the seed refuse; nothing listens", async () => {
    const wrongKey = randomKey();
    const outcome = await expectRefusal(PORT, withKey(wrongKey));
    expect(outcome.exitCode, outcome.output).toBe(1);
    expect(outcome.output).toContain("Shopdesk cannot start: APP_ENCRYPTION_KEY cannot decrypt the secrets stored in this database");
    expect(outcome.listened).toBe(false);

    const seed = await runScript("prisma/seed.ts", [], withKey(wrongKey));
    expect(seed.exitCode, seed.output).toBe(1);
    expect(seed.output).toContain("db:seed cannot start: APP_ENCRYPTION_KEY cannot decrypt the secrets stored in this database");
  });

  test("a database from before the key check: one stored secret is tried instead, and the right key writes the check", async () => {
    await database.query(`DELETE FROM app_settings WHERE key = 'encryption_key_check'`);
    const outcome = await expectRefusal(PORT, withKey(randomKey()));
    expect(outcome.exitCode, outcome.output).toBe(1);
    expect(outcome.output).toContain("APP_ENCRYPTION_KEY cannot decrypt the secrets stored in this database");
    expect(outcome.listened).toBe(false);
    expect(await database.query(`SELECT key FROM app_settings WHERE key = 'encryption_key_check'`)).toHaveLength(0);

    const server = await startServer(PORT, withKey(database.key));
    await server.stop();
    expect(await database.query(`SELECT key FROM app_settings WHERE key = 'encryption_key_check'`)).toHaveLength(1);
  });

  test("a database whose migrations are not all applied is refused", async () => {
    const [last] = await database.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`,
    );
    await database.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, [last!.migration_name]);
    try {
      const outcome = await expectRefusal(PORT, withKey(database.key));
      expect(outcome.exitCode, outcome.output).toBe(1);
      expect(outcome.output).toContain(`Shopdesk cannot start: the database lacks 1 migration(s) (${last!.migration_name})`);
      expect(outcome.listened).toBe(false);
    } finally {
      await database.query(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE migration_name = $1`, [last!.migration_name]);
    }
  });
});

test.describe("dynamic tokens at rest", () => {
  test("a token stored in clear is encrypted at start-up and still works; no token is stored in clear", async ({ playwright }) => {
    const { reseller, seller } = database.seed;
    // The row as the migration leaves a reseller from before encryption: the clear token, no hash.
    await database.query(
      `UPDATE resellers SET dynamic_token_encrypted = $1, dynamic_token_hash = NULL
       WHERE shop_id = $2 AND user_id = (SELECT id FROM users WHERE email = $3)`,
      [reseller.dynamicToken, reseller.shopId, reseller.email],
    );
    expect(await tablesContaining(reseller.dynamicToken)).toEqual(["resellers"]);

    const server = await startServer(PORT, withKey(database.key));
    let rotated = "";
    try {
      expect(server.output()).toContain("encrypted 1 reseller dynamic token(s) that were stored in clear");
      const asReseller = await playwright.request.newContext({
        baseURL: server.baseURL,
        extraHTTPHeaders: { Authorization: `Bearer ${reseller.apiKey}`, Accept: "application/json" },
      });
      const me = await (await asReseller.get("/v1/reseller/me")).json();
      expect(me.reseller.dynamic_token).toBe(reseller.dynamicToken);
      const products = (await (await asReseller.get("/v1/reseller/products?perPage=100")).json()).data as {
        id: number;
        variants: { id: number; deliverables_type: string; stock: number; dynamic_url: string }[];
      }[];
      const product = products.find((p) => p.variants.some((v) => v.deliverables_type === "serials" && v.stock > 0))!;
      const variant = product.variants.find((v) => v.deliverables_type === "serials" && v.stock > 0)!;
      expect(variant.dynamic_url).toContain(`/v1/reseller/dynamic/${reseller.dynamicToken}?`);

      const delivered = await callReceiver(asReseller, {
        token: reseller.dynamicToken,
        secret: reseller.signingSecret,
        productId: product.id,
        variantId: variant.id,
      });
      expect(delivered.status(), await delivered.text()).toBe(200);
      expect((await delivered.text()).split("\n")).toHaveLength(1);

      // A rotation stores the new token the same way; the old one stops working.
      const asSeller = await playwright.request.newContext({
        baseURL: server.baseURL,
        extraHTTPHeaders: { Authorization: `Bearer ${seller.apiKey}`, Accept: "application/json" },
      });
      const rotation = await asSeller.post(`/v1/shops/${reseller.shopId}/resellers/${me.reseller.id}/dynamic-token/rotate`);
      expect(rotation.status()).toBe(200);
      rotated = (await rotation.json()).dynamic_token;
      const old = await callReceiver(asReseller, {
        token: reseller.dynamicToken,
        secret: reseller.signingSecret,
        productId: product.id,
        variantId: variant.id,
      });
      expect(old.status()).toBe(404);
      expect(await old.text()).toBe("Invalid token.");
      await asReseller.dispose();
      await asSeller.dispose();
    } finally {
      await server.stop();
    }

    // PGlite is one process's database: read it once the server is gone.
    expect(await tablesContaining(reseller.dynamicToken)).toEqual([]);
    expect(await tablesContaining(rotated)).toEqual([]);
    const rows = await database.query<{ dynamic_token_encrypted: string; dynamic_token_hash: string | null }>(
      `SELECT dynamic_token_encrypted, dynamic_token_hash FROM resellers`,
    );
    for (const row of rows) {
      expect(row.dynamic_token_encrypted).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
      expect(row.dynamic_token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    // Keyed: the stored hash is not the token's bare SHA-256, which anyone could compute.
    const bare = createHash("sha256").update(rotated).digest("hex");
    expect(rows.some((row) => row.dynamic_token_hash === bare)).toBe(false);
  });
});
