import { createServer } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/api";
import { gradientPng } from "../support/catalog";
import { documentValidator } from "../support/openapi";
import { createPrivateDatabase, startServer, type PrivateDatabase, type StartedServer } from "../support/private-server";

/**
 * When the object store is down (lib/images/object-store.ts): two servers on
 * a database of this spec's own, one storing image bytes in the suite's S3
 * stand-in, the other with a STORAGE_URL whose endpoint is a port where
 * nothing listens. An upload through the second answers the documented 503
 * with Retry-After and leaves no image row behind; an image the first stored
 * is a 503 to read through the second, not a 404 or a 500. PostgreSQL pass
 * only: two processes on one database, and the stand-in runs on that pass.
 */
const PORT = Number(new URL(process.env.BASE_URL ?? "http://127.0.0.1:3100").port) + 70;
const storageUrl = process.env.TEST_STORAGE_URL;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(() => process.env.TEST_TARGET !== "postgres" || !storageUrl, "two servers on one database, images in the S3 stand-in");

let database: PrivateDatabase;
const servers: StartedServer[] = [];

/** A port that was free a moment ago: nothing answers there. */
function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  // a database migrated and seeded, and two servers started: a minute on a busy machine
  test.setTimeout(300_000);
  database = await createPrivateDatabase("image-store", `http://127.0.0.1:${PORT}`);
  const env = { ...database.env, APP_ENCRYPTION_KEY: database.key };
  const deadStore = storageUrl!.replace(/endpoint=[^&]*/, `endpoint=http://127.0.0.1:${await deadPort()}`);
  servers.push(
    ...(await Promise.all([
      startServer(PORT, { ...env, STORAGE_URL: storageUrl }),
      startServer(PORT + 1, { ...env, STORAGE_URL: deadStore }),
    ])),
  );
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

test("an upload answers 503 with Retry-After and saves nothing; a stored image's bytes are a 503 to read", async ({
  playwright,
  anonymous,
}) => {
  const [live, dead] = servers as [StartedServer, StartedServer];
  const sellerOf = (server: StartedServer) =>
    playwright.request.newContext({
      baseURL: server.baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${database.seed.seller.apiKey}`, Accept: "application/json" },
    });
  const [throughLive, throughDead] = await Promise.all([sellerOf(live), sellerOf(dead)]);
  const shopId = database.seed.seller.shopIds[0]!;
  const upload = (client: APIRequestContext, name: string) =>
    client.post(`/v1/shops/${shopId}/images`, {
      multipart: { image: { name, mimeType: "image/png", buffer: gradientPng(6, 6, [10, 10, 10], [200, 200, 200]) } },
    });
  const imageIds = async () =>
    ((await (await throughLive.get(`/v1/shops/${shopId}/images`)).json()) as { id: number }[]).map(({ id }) => id);
  const before = await imageIds();

  const refused = await upload(throughDead, "unstored.png");
  expect(refused.status(), await refused.text()).toBe(503);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  await (await documentValidator(anonymous)).expectDocumented(refused, "uploadImage", 503);
  expect(await imageIds()).toEqual(before);
  // the operator sees why in the log
  expect(dead.output()).toContain("image storage call failed");

  const stored = await upload(throughLive, "stored.png");
  expect(stored.status(), await stored.text()).toBe(201);
  const path = new URL(((await stored.json()) as { image_url: string }).image_url).pathname;
  expect((await throughLive.get(path)).status()).toBe(200);
  const read = await throughDead.get(path);
  expect(read.status()).toBe(503);
  expect(Number(read.headers()["retry-after"])).toBeGreaterThan(0);
  await Promise.all([throughLive.dispose(), throughDead.dispose()]);
});
