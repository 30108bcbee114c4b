import { expect, expectUnauthenticated, test } from "../support/api";
import { STEAM, createPendingInvoice, seededVariantId } from "../support/invoices";
import { applyAsNewPerson } from "../support/reseller-portal";

/**
 * The test server runs with TRUST_PROXY unset (no proxy in front of it), so
 * every forwarding header a client sends must count for nothing: not for the
 * sign-in limit, not for the CSRF origin check, not for the cookie's Secure
 * flag, not for the links the API writes.
 */

let spoof = 0;
/** A different forged client address on every request, in each header clients use to claim one. */
function spoofedAddress(): Record<string, string> {
  spoof += 1;
  const address = `203.0.${Math.floor(spoof / 250) % 250}.${(spoof % 250) + 1}`;
  return { "X-Forwarded-For": address, "X-Real-IP": address, Forwarded: `for=${address}` };
}

test("rotating X-Forwarded-For and X-Real-IP does not escape the sign-in limit", async ({ anonymous, shopId }) => {
  const person = await applyAsNewPerson(anonymous, shopId);
  const attempt = (password: string, path = "/v1/auth/login") =>
    anonymous.post(path, { data: { email: person.email, password }, headers: spoofedAddress() });

  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await attempt("wrong-guess")).status());
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
  expect(statuses[11]).toBe(429);

  // The right password from yet another "address" is still refused: the limit is on the real client.
  const right = await attempt(person.password);
  expect(right.status()).toBe(429);
  expect(await right.json()).toEqual({ message: "Too Many Attempts." });
  expect(Number(right.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await attempt(person.password, "/v1/reseller/auth/login")).status()).toBe(429);
});

test("a foreign Origin with a forged X-Forwarded-Host does not pass the cookie CSRF check", async ({
  playwright,
  baseURL,
  seed,
  seller,
  shopId,
}) => {
  const invoice = await createPendingInvoice(seller, shopId, [
    { variant_id: await seededVariantId(seller, shopId, ...STEAM), quantity: 1 },
  ]);
  const browser = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Accept: "application/json" } });
  const login = await browser.post("/v1/auth/login", { data: { email: seed.seller.email, password: seed.seller.password } });
  expect(login.status()).toBe(200);
  const archive = (headers: Record<string, string>) => browser.post(`/v1/shops/${shopId}/invoices/${invoice.id}/archive`, { headers });

  const forgeries: Record<string, string>[] = [
    { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
    { "X-Forwarded-Host": "evil.example:443", "X-Forwarded-Proto": "https", "X-Forwarded-Port": "443" },
    { Forwarded: "host=evil.example;proto=https" },
  ];
  for (const forged of forgeries) {
    await expectUnauthenticated(await archive({ Origin: "https://evil.example", ...forged }));
  }
  const unchanged = await (await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`)).json();
  expect(unchanged.archived).toBe(0);

  // This site's Origin still works with the same cookie, whatever forwarding headers come along.
  const archived = await archive({ Origin: new URL(baseURL!).origin, "X-Forwarded-Host": "evil.example" });
  expect(archived.status(), await archived.text()).toBe(200);
  expect((await archived.json()).archived).toBe(1);
  await browser.dispose();
});

test("a forged X-Forwarded-Proto does not set the session cookie's Secure flag", async ({ anonymous, seed }) => {
  const login = await anonymous.post("/v1/auth/login", {
    data: { email: seed.seller.email, password: seed.seller.password },
    headers: { "X-Forwarded-Proto": "https", Forwarded: "proto=https" },
  });
  expect(login.status()).toBe(200);
  expect(login.headers()["set-cookie"]).toContain("HttpOnly");
  expect(login.headers()["set-cookie"]).not.toContain("Secure");
});

test("page links do not follow a forged X-Forwarded-Host or X-Forwarded-Proto", async ({ seller, shopId, baseURL }) => {
  const response = await seller.get(`/v1/shops/${shopId}/invoices?perPage=1`, {
    headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
  });
  expect(response.status()).toBe(200);
  const page = await response.json();
  expect(page.path).toBe(`${new URL(baseURL!).origin}/v1/shops/${shopId}/invoices`);
  expect(page.next_page_url).toBe(`${new URL(baseURL!).origin}/v1/shops/${shopId}/invoices?perPage=1&page=2`);
});
