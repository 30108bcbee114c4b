import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { dnsResponderForSpec } from "../support/dns";
import { ownShop } from "../support/payment-methods";
import { rawRequest } from "../support/raw-http";
import { uniqueSubdomain } from "../support/shops";
import { DOMAINS_PER_SHOP, VERIFY_CHECKS_PER_SHOP_PER_MINUTE, type DomainView } from "../../lib/domains/schemas";

/**
 * Custom domains (lib/domains, docs/storefront.md#custom-domains): the API,
 * the TXT verification against a DNS responder of the spec's own
 * (e2e/support/dns.ts, where the server's DNS_SERVERS points), and a
 * verified domain's host serving its shop's storefront on the suite's
 * server, which has no STORE_DOMAIN. Serial: one DNS port for the run.
 */
test.describe.configure({ mode: "serial" });

const dns = dnsResponderForSpec();

const newDomain = () => `${uniqueSubdomain("d")}.example.com`;
const domainsPath = (shopId: number) => `/v1/shops/${shopId}/domains`;

async function addDomain(client: APIRequestContext, shopId: number, domain: string): Promise<DomainView> {
  const response = await client.post(domainsPath(shopId), { data: { domain } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as DomainView;
}

async function readDomain(client: APIRequestContext, shopId: number, id: number): Promise<DomainView> {
  const response = await client.get(`${domainsPath(shopId)}/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DomainView;
}

async function verifyNow(client: APIRequestContext, shopId: number, id: number): Promise<DomainView> {
  const response = await client.post(`${domainsPath(shopId)}/${id}/verify`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DomainView;
}

/** A request to the suite's server whose Host is `domain`, as a browser on that domain sends it. */
const onHost = (baseURL: string | undefined, domain: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(baseURL!, { method: "GET", path, headers: { host: domain, accept: "text/html", ...headers } });

test("every domain route is guarded", async ({ seller, otherSeller, anonymous, shopId, foreignShopId }) => {
  await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
    { method: "get", path: domainsPath },
    { method: "post", path: domainsPath, data: { domain: "guarded.example.com" } },
    { method: "get", path: (shop) => `${domainsPath(shop)}/1` },
    { method: "delete", path: (shop) => `${domainsPath(shop)}/1` },
    { method: "post", path: (shop) => `${domainsPath(shop)}/1/verify` },
  ]);
});

test("a domain must be a host name: lowercased, no port, no IP address, bounded", async ({ playwright, baseURL, anonymous, shopId }) => {
  const { client, shopId: ownId } = await ownShop(playwright, baseURL, anonymous, shopId);
  const refused = [
    "",
    "   ",
    "localhost",
    "shop.example.com:8443",
    "1.2.3.4",
    "[::1]",
    "::1",
    "http://shop.example.com",
    "shop.example.com/path",
    "-shop.example.com",
    "shop-.example.com",
    "shop..example.com",
    "shop.example.com.",
    "shop_1.example.com",
    "bücher.example.com",
    `${"a".repeat(64)}.example.com`,
    `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}`,
    "_shopdesk.example.com",
    "127.0.0.1",
  ];
  for (const domain of refused) {
    const response = await client.post(domainsPath(ownId), { data: { domain } });
    await expectValidationError(response, "domain");
  }
  for (const data of [{}, { domain: 5 }, { domain: null }, { domain: ["a.example.com"] }])
    await expectValidationError(await client.post(domainsPath(ownId), { data }), "domain");
  const name = newDomain();
  const added = await addDomain(client, ownId, `  ${name.toUpperCase()} `);
  expect(added.domain).toBe(name);
  const longest = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
  expect(longest.length).toBe(253);
  expect((await addDomain(client, ownId, longest)).domain).toBe(longest);
  expect((await client.get(domainsPath(ownId)).then((response) => response.json())).data).toHaveLength(2);
});

test("add, read, list and delete a domain; the answer names its TXT record; both changes are audited", async ({
  playwright,
  baseURL,
  anonymous,
  shopId,
}) => {
  const { client, shopId: ownId } = await ownShop(playwright, baseURL, anonymous, shopId);
  const name = newDomain();
  const added = await addDomain(client, ownId, name);
  expect(added).toMatchObject({
    domain: name,
    status: "pending",
    verified_at: null,
    last_checked_at: null,
    last_error: null,
    verification: { type: "TXT", name: `_shopdesk.${name}` },
  });
  expect(added.verification.value).toMatch(/^shopdesk-verify=[A-Za-z0-9_-]{20,}$/);
  const other = await addDomain(client, ownId, newDomain());
  expect(other.verification.value).not.toBe(added.verification.value);

  // the background checks may have looked at it already (every 300 ms under npm test)
  const { last_checked_at: _checked, last_error: _error, updated_at: _updated, ...asAdded } = added;
  expect(await readDomain(client, ownId, added.id)).toMatchObject(asAdded);
  const list = await (await client.get(domainsPath(ownId))).json();
  expect(list.data.map((domain: DomainView) => domain.id)).toEqual([added.id, other.id]);

  for (const id of [999_999_999, "abc", 0]) {
    for (const response of [
      await client.get(`${domainsPath(ownId)}/${id}`),
      await client.delete(`${domainsPath(ownId)}/${id}`),
      await client.post(`${domainsPath(ownId)}/${id}/verify`),
    ]) {
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ message: "Domain not found." });
    }
  }

  const deleted = await client.delete(`${domainsPath(ownId)}/${added.id}`);
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({ message: "Domain deleted." });
  expect((await client.get(`${domainsPath(ownId)}/${added.id}`)).status()).toBe(404);

  const log = async (action: string) =>
    (await (await client.get(`/v1/shops/${ownId}/audit-log`, { params: { action } })).json()).data as {
      target: { type: string; id: number };
      changes: Record<string, unknown>;
    }[];
  const [created] = await log("domain.created").then((entries) => entries.filter((entry) => entry.target.id === added.id));
  expect(created).toMatchObject({ target: { type: "domain", id: added.id }, changes: { domain: { new: name } } });
  const [removed] = await log("domain.deleted");
  expect(removed).toMatchObject({
    target: { type: "domain", id: added.id },
    changes: { domain: { old: name }, status: { old: "pending" } },
  });
});

test("a domain belongs to one shop: another shop asking for it is refused without naming the holder", async ({
  playwright,
  baseURL,
  anonymous,
  shopId,
}) => {
  const first = await ownShop(playwright, baseURL, anonymous, shopId);
  const second = await ownShop(playwright, baseURL, anonymous, shopId);
  const name = newDomain();
  await addDomain(first.client, first.shopId, name);
  const refused = await expectValidationError(await second.client.post(domainsPath(second.shopId), { data: { domain: name } }), "domain");
  const text = JSON.stringify(refused);
  expect(text).not.toContain(first.subdomain);
  expect(text).not.toContain(String(first.shopId));
  expect(refused.errors.domain).toEqual(["The domain has already been taken."]);
  await expectValidationError(await first.client.post(domainsPath(first.shopId), { data: { domain: name.toUpperCase() } }), "domain");
  // two shops racing for one new domain: one gets it
  const contested = newDomain();
  const answers = await Promise.all([
    first.client.post(domainsPath(first.shopId), { data: { domain: contested } }),
    second.client.post(domainsPath(second.shopId), { data: { domain: contested } }),
  ]);
  expect(answers.map((response) => response.status()).sort()).toEqual([201, 422]);
});

test(`a shop holds at most ${DOMAINS_PER_SHOP} domains`, async ({ playwright, baseURL, anonymous, shopId }) => {
  const { client, shopId: ownId } = await ownShop(playwright, baseURL, anonymous, shopId);
  const added: DomainView[] = [];
  for (let i = 0; i < DOMAINS_PER_SHOP; i++) added.push(await addDomain(client, ownId, newDomain()));
  const refused = await expectValidationError(await client.post(domainsPath(ownId), { data: { domain: newDomain() } }), "domain");
  expect(refused.errors.domain![0]).toContain(`at most ${DOMAINS_PER_SHOP}`);
  expect((await client.delete(`${domainsPath(ownId)}/${added[0]!.id}`)).status()).toBe(200);
  await addDomain(client, ownId, newDomain());
});

test("the background checks verify a domain whose TXT record holds its token; a wrong record leaves it pending", async ({
  playwright,
  baseURL,
  anonymous,
  shopId,
}) => {
  const { client, shopId: ownId } = await ownShop(playwright, baseURL, anonymous, shopId);
  const good = await addDomain(client, ownId, newDomain());
  const wrong = await addDomain(client, ownId, newDomain());
  dns.setTxt(good.verification.name, ["v=spf1 -all", good.verification.value]);
  dns.setTxt(wrong.verification.name, ["shopdesk-verify=not-the-token"]);

  await expect.poll(async () => (await readDomain(client, ownId, good.id)).status, { timeout: 15_000 }).toBe("verified");
  const verified = await readDomain(client, ownId, good.id);
  expect(verified.verified_at).not.toBeNull();
  expect(verified.last_checked_at).not.toBeNull();
  expect(verified.last_error).toBeNull();

  await expect.poll(async () => (await readDomain(client, ownId, wrong.id)).last_checked_at, { timeout: 15_000 }).not.toBeNull();
  const stillPending = await readDomain(client, ownId, wrong.id);
  expect(stillPending.status).toBe("pending");
  expect(stillPending.verified_at).toBeNull();
  expect(stillPending.last_error).toContain("do not include");
  expect(dns.asked).toContain(wrong.verification.name);

  // check now: still wrong, then right
  expect((await verifyNow(client, ownId, wrong.id)).status).toBe("pending");
  dns.setTxt(wrong.verification.name, [wrong.verification.value]);
  const now = await verifyNow(client, ownId, wrong.id);
  expect(now).toMatchObject({ status: "verified", last_error: null });

  // a name without any record, and a resolver failing: pending, each saying why
  const missing = await addDomain(client, ownId, newDomain());
  expect((await verifyNow(client, ownId, missing.id)).last_error).toContain("No TXT record");
  dns.setTxt(missing.verification.name, "servfail");
  const failing = await verifyNow(client, ownId, missing.id);
  expect(failing.status).toBe("pending");
  expect(failing.last_error).toContain("failed");
});

test("a verified domain serves its shop's storefront and nothing else; failing or deleting it stops that at the next request", async ({
  playwright,
  baseURL,
  anonymous,
  shopId,
  seed,
}) => {
  const { client, shopId: ownId, subdomain } = await ownShop(playwright, baseURL, anonymous, shopId);
  const shop = await (await client.get(`/v1/shops/${ownId}`)).json();
  const name = newDomain();
  const domain = await addDomain(client, ownId, name);

  // pending: the host is not the shop's (the app answers as on any other host)
  expect((await onHost(baseURL, name, "/v1/health", { accept: "application/json" })).status).toBe(200);

  dns.setTxt(domain.verification.name, [domain.verification.value]);
  expect((await verifyNow(client, ownId, domain.id)).status).toBe("verified");

  const home = await onHost(baseURL, name, "/");
  expect(home.status, home.text.slice(0, 500)).toBe(200);
  expect(home.text).toContain(`<title>${shop.name}</title>`);
  // with a port, as a browser sends one off the default port
  expect((await onHost(baseURL, `${name}:${new URL(baseURL!).port}`, "/")).status).toBe(200);
  expect((await onHost(baseURL, name, `/s/${subdomain}`)).status).toBe(200);
  // canonical links and the sitemap name the verified domain (APP_URL's scheme)
  expect(home.text).toContain(`<link rel="canonical" href="http://${name}/"`);
  const sitemap = await onHost(baseURL, name, "/sitemap.xml");
  expect(sitemap.status).toBe(200);
  expect(sitemap.text).toContain(`<loc>http://${name}/</loc>`);

  const key = { authorization: `Bearer ${seed.seller.apiKey}`, accept: "application/json" };
  for (const path of ["/dashboard", "/login", "/reseller/login", "/v1/shops", "/v1/health", "/v1/auth/me", `/s/pixelkeys`]) {
    const response = await onHost(baseURL, name, path, key);
    expect(response.status, path).toBe(404);
    expect(response.text, path).not.toContain('"subdomain"');
  }

  // its TXT record gone: check now fails it, and its host is no longer the shop's
  dns.remove(domain.verification.name);
  const failed = await verifyNow(client, ownId, domain.id);
  expect(failed).toMatchObject({ status: "failed" });
  expect(failed.last_error).toContain("No TXT record");
  expect((await onHost(baseURL, name, "/v1/health", { accept: "application/json" })).status).toBe(200);

  // back, verified again; then deleted: the next request is not routed
  dns.setTxt(domain.verification.name, [domain.verification.value]);
  expect((await verifyNow(client, ownId, domain.id)).status).toBe("verified");
  expect((await onHost(baseURL, name, "/")).text).toContain(`<title>${shop.name}</title>`);
  expect((await client.delete(`${domainsPath(ownId)}/${domain.id}`)).status()).toBe(200);
  const after = await onHost(baseURL, name, "/v1/health", { accept: "application/json" });
  expect(after.status).toBe(200);
});

test(`check now is limited to ${VERIFY_CHECKS_PER_SHOP_PER_MINUTE} per shop and minute`, async ({
  playwright,
  baseURL,
  anonymous,
  shopId,
}) => {
  const { client, shopId: ownId } = await ownShop(playwright, baseURL, anonymous, shopId);
  const domain = await addDomain(client, ownId, newDomain());
  dns.setTxt(domain.verification.name, ["nothing here"]);
  let refused = null;
  for (let i = 0; i <= VERIFY_CHECKS_PER_SHOP_PER_MINUTE + 1 && !refused; i++) {
    const response = await client.post(`${domainsPath(ownId)}/${domain.id}/verify`);
    if (response.status() === 429) refused = response;
    else expect(response.status(), await response.text()).toBe(200);
  }
  expect(refused, "a 429 within the limit + 2 checks").not.toBeNull();
  expect(await refused!.json()).toEqual({ message: "Too Many Attempts." });
  expect(Number(refused!.headers()["retry-after"])).toBeGreaterThan(0);
});
