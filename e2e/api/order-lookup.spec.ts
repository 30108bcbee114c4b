import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { sha256 } from "../../lib/crypto/tokens";
import { clientAddress } from "../support/accounts";
import { expect, expectValidationError, test } from "../support/api";
import { buyerEmail, stockedProduct } from "../support/checkout";
import { completeInvoice, createPendingInvoice, type InvoiceView } from "../support/invoices";
import { rawRequest } from "../support/raw-http";
import { type ReceivedMail, smtpListenerForSpec } from "../support/smtp";
import { shopSubdomain } from "../support/storefront";

/**
 * "Find my orders" over HTTP and real SMTP: the request (one answer for
 * every address), the e-mailed link as the buyer receives it, opening it
 * (once), what it lists, expiry and the limits. The e-mails come from the
 * outbox worker through the run's SMTP stand-in (e2e/support/smtp.ts), each
 * to a buyer address of the test's own, so the browser spec's mail, read at
 * the same time, never mixes with these.
 */
test.describe.configure({ mode: "serial" });

const smtp = smtpListenerForSpec();

async function askForLink(baseURL: string, subdomain: string, email: string, from: string, headers: Record<string, string> = {}) {
  const response = await rawRequest(baseURL, {
    method: "POST",
    path: `/s/${subdomain}/api/orders`,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email }),
    localAddress: from,
  });
  return { status: response.status, headers: response.headers, body: JSON.parse(response.text) as Record<string, unknown> };
}

const lookupMail = (mail: ReceivedMail) => mail.subject.startsWith("Your orders at");
const tokenIn = (mail: ReceivedMail) => /\/orders\/open#(ol_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

function openLink(client: APIRequestContext, subdomain: string, token: string) {
  return client.post(`/s/${subdomain}/api/orders/open`, { data: { token } });
}

/** A buyer invoice of this address in the shop (pending, made through the seller's API). */
async function invoiceFor(seller: APIRequestContext, shopId: number, variantId: number, email: string): Promise<InvoiceView> {
  return createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], email);
}

test.describe("order lookup", () => {
  test("known and unknown addresses get the same 202; the link arrives over SMTP in the shop's look, valid for an hour", async ({
    anonymous,
    seller,
    shopId,
    baseURL,
  }) => {
    const subdomain = await shopSubdomain(seller, shopId);
    const { variantId } = await stockedProduct(seller, shopId, { serials: 1 });
    const known = buyerEmail();
    const unknown = buyerEmail();
    await invoiceFor(seller, shopId, variantId, known);
    const from = clientAddress();

    const asked = Date.now();
    const forKnown = await askForLink(baseURL!, subdomain, known, from);
    const forUnknown = await askForLink(baseURL!, subdomain, unknown, from);
    expect(forKnown.status, JSON.stringify(forKnown.body)).toBe(202);
    expect(forUnknown.status).toBe(202);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(forKnown.headers["cache-control"]).toBe("no-store");

    const mail = await smtp.waitFor(known, lookupMail);
    const token = tokenIn(mail);
    expect(token, mail.text).toBeTruthy();
    // the token in the fragment: a browser never sends it, so it is in no request, log or referrer
    expect(mail.text).toContain(`${baseURL}/s/${subdomain}/orders/open#${token}`);
    expect(mail.html).toContain(`href="${baseURL}/s/${subdomain}/orders/open#${token}"`);
    // the shop's look: its primary colour (as the storefront shows it) and a link back to the storefront
    const home = await (await anonymous.get(`/s/${subdomain}`, { headers: { accept: "text/html" } })).text();
    const primary = /--sf-primary:(#[0-9a-fA-F]{6})/.exec(home)![1]!;
    expect(mail.html).toContain(`background-color:${primary}`);
    expect(mail.html).toContain(`href="${baseURL}/s/${subdomain}"`);
    // the stated expiry: an hour from the request
    const until = /until (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(mail.text)?.[1];
    expect(until, mail.text).toBeTruthy();
    const expiresAt = Date.parse(`${until!.replace(" ", "T")}:00Z`);
    expect(Math.abs(expiresAt - (asked + 3600_000))).toBeLessThan(2 * 60_000);

    const none = await smtp.waitFor(unknown, lookupMail);
    expect(none.subject).toBe(mail.subject);
    expect(none.text).toContain("we found none");
    expect(tokenIn(none)).toBeUndefined();
  });

  test("the link lists that address's buyer invoices of this shop only, newest first; a GET spends nothing; it opens once", async ({
    anonymous,
    seller,
    otherSeller,
    shopId,
    foreignShopId,
    baseURL,
  }) => {
    const subdomain = await shopSubdomain(seller, shopId);
    const { variantId } = await stockedProduct(seller, shopId, { serials: 3 });
    const foreign = await stockedProduct(otherSeller, foreignShopId, { serials: 1 });
    const email = buyerEmail();
    const first = await invoiceFor(seller, shopId, variantId, email);
    const second = await invoiceFor(seller, shopId, variantId, email.toUpperCase());
    await completeInvoice(seller, shopId, second.id);
    await invoiceFor(seller, shopId, variantId, buyerEmail());
    await invoiceFor(otherSeller, foreignShopId, foreign.variantId, email);

    expect((await askForLink(baseURL!, subdomain, `  ${email.toUpperCase()} `, clientAddress())).status).toBe(202);
    const token = tokenIn(await smtp.waitFor(email, lookupMail))!;

    // a mail scanner's fetch of the page
    const page = await anonymous.get(`/s/${subdomain}/orders/open`, { headers: { accept: "text/html" } });
    expect(page.status()).toBe(200);
    expect(await page.text()).not.toContain(first.unique_id);

    const opened = await openLink(anonymous, subdomain, token);
    expect(opened.status(), await opened.text()).toBe(200);
    const body = (await opened.json()) as {
      email: string;
      orders: { unique_id: string; url: string; status: string; total: string; currency: string; created_at: string; items: unknown[] }[];
    };
    expect(body.email).toBe(email);
    expect(body.orders.map((order) => order.unique_id)).toEqual([second.unique_id, first.unique_id]);
    expect(body.orders[0]).toMatchObject({
      url: `${baseURL}/invoice/${second.unique_id}`,
      status: "completed",
      currency: second.currency,
      items: [{ product_name: second.items[0]!.product_name, variant_name: second.items[0]!.variant_name, quantity: 1 }],
    });
    expect(body.orders[0]!.total).toMatch(/^\d+\.\d\d$/);
    expect(body.orders[1]!.status).toBe("pending");

    const again = await openLink(anonymous, subdomain, token);
    expect(again.status()).toBe(410);
    expect((await again.json()).message).toMatch(/expired or was already used/);
  });

  test("opened at once by many, a link lists once", async ({ anonymous, seller, shopId, baseURL }) => {
    const subdomain = await shopSubdomain(seller, shopId);
    const { variantId } = await stockedProduct(seller, shopId, { serials: 1 });
    const email = buyerEmail();
    await invoiceFor(seller, shopId, variantId, email);
    await askForLink(baseURL!, subdomain, email, clientAddress());
    const token = tokenIn(await smtp.waitFor(email, lookupMail))!;
    const statuses = await Promise.all(Array.from({ length: 6 }, () => openLink(anonymous, subdomain, token).then((r) => r.status())));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(5);
  });

  test("unknown tokens and other shops' are refused alike; bad input is 422; cross-site is 403", async ({
    anonymous,
    seller,
    otherSeller,
    shopId,
    foreignShopId,
    baseURL,
  }) => {
    const subdomain = await shopSubdomain(seller, shopId);
    const foreignSubdomain = await shopSubdomain(otherSeller, foreignShopId);
    const { variantId } = await stockedProduct(seller, shopId, { serials: 1 });
    const email = buyerEmail();
    await invoiceFor(seller, shopId, variantId, email);
    await askForLink(baseURL!, subdomain, email, clientAddress());
    const token = tokenIn(await smtp.waitFor(email, lookupMail))!;

    const unknown = await openLink(anonymous, subdomain, `ol_${randomBytes(32).toString("base64url")}`);
    expect(unknown.status()).toBe(410);
    const elsewhere = await openLink(anonymous, foreignSubdomain, token);
    expect(elsewhere.status()).toBe(410);
    expect(await elsewhere.json()).toEqual(await unknown.json());
    // refused elsewhere, the link still opens in its own shop
    expect((await openLink(anonymous, subdomain, token)).status()).toBe(200);

    const from = clientAddress();
    const invalid = await askForLink(baseURL!, subdomain, "not an address", from);
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toHaveProperty("email");
    await expectValidationError(await anonymous.post(`/s/${subdomain}/api/orders/open`, { data: {} }), "token");
    expect((await askForLink(baseURL!, subdomain, buyerEmail(), from, { origin: "https://evil.example" })).status).toBe(403);
    expect((await askForLink(baseURL!, "no-such-shop-here", buyerEmail(), from)).status).toBe(404);
  });

  test("the stored link: only its hash, an hour's life; once expired it is refused (PostgreSQL: the test reaches the rows)", async ({
    anonymous,
    seller,
    shopId,
    baseURL,
  }) => {
    test.skip(
      process.env.TEST_TARGET !== "postgres",
      "the embedded database is the server's alone; the e-mail's stated expiry is checked above",
    );
    const subdomain = await shopSubdomain(seller, shopId);
    const { variantId } = await stockedProduct(seller, shopId, { serials: 1 });
    const email = buyerEmail();
    await invoiceFor(seller, shopId, variantId, email);
    await askForLink(baseURL!, subdomain, email, clientAddress());
    const token = tokenIn(await smtp.waitFor(email, lookupMail))!;

    const database = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await database.connect();
    try {
      const { rows } = await database.query<{ lifetime: number; used_at: Date | null; email: string }>(
        `SELECT extract(epoch FROM expires_at - created_at)::float AS lifetime, used_at, email FROM order_lookup_tokens WHERE token_hash = $1`,
        [sha256(token)],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.lifetime).toBeGreaterThan(3590);
      expect(rows[0]!.lifetime).toBeLessThan(3610);
      expect(rows[0]).toMatchObject({ used_at: null, email });
      const plain = await database.query(`SELECT 1 FROM order_lookup_tokens WHERE token_hash = $1`, [token]);
      expect(plain.rows).toHaveLength(0);

      await database.query(`UPDATE order_lookup_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
        sha256(token),
      ]);
      expect((await openLink(anonymous, subdomain, token)).status()).toBe(410);
    } finally {
      await database.end();
    }
  });

  test("limits: three e-mails an hour per recipient, ten requests per ten minutes per client address", async ({
    seller,
    shopId,
    baseURL,
  }) => {
    const subdomain = await shopSubdomain(seller, shopId);
    const recipient = buyerEmail();
    for (let i = 0; i < 3; i++) expect((await askForLink(baseURL!, subdomain, recipient, clientAddress())).status).toBe(202);
    const flooded = await askForLink(baseURL!, subdomain, recipient, clientAddress());
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers["retry-after"])).toBeGreaterThan(0);

    const from = clientAddress();
    for (let i = 0; i < 10; i++) expect((await askForLink(baseURL!, subdomain, buyerEmail(), from)).status).toBe(202);
    const walking = await askForLink(baseURL!, subdomain, buyerEmail(), from);
    expect(walking.status).toBe(429);
    expect(walking.body.message).toBe("Too Many Attempts.");
    // the recipient that was refused was never sent a fourth e-mail
    await expect.poll(async () => (await smtp.messages()).filter((mail) => mail.to.includes(recipient)).length).toBe(3);
  });
});
