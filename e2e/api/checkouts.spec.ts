import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { demoCatalog } from "../support/promotions";

/**
 * Abandoned checkouts. Each test makes its own pending (manual) invoices,
 * with an email nobody else uses, and finds them again by searching for it.
 */

const base = (shopId: number) => `/v1/shops/${shopId}/abandoned-checkouts`;
const freshEmail = () => `checkout-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

type Invoice = { id: number; unique_id: string; email: string; coupon_id: number | null };

async function createCheckout(seller: APIRequestContext, shopId: number, extra: Record<string, unknown> = {}): Promise<Invoice> {
  const catalog = await demoCatalog(seller, shopId);
  const response = await seller.post(`/v1/shops/${shopId}/invoices`, {
    data: { email: freshEmail(), items: [{ variant_id: catalog.standard, quantity: 1 }], ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function search(seller: APIRequestContext, shopId: number, query: string) {
  const response = await seller.get(`${base(shopId)}?${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { data: { id: number; [key: string]: unknown }[]; total: number; per_page: number };
}

test.describe("abandoned checkouts", () => {
  test("a pending invoice is listed as a checkout of type created, found by email, unique id and product", async ({ seller, shopId }) => {
    const invoice = await createCheckout(seller, shopId);
    const byEmail = await search(seller, shopId, `search=${encodeURIComponent(invoice.email.toUpperCase())}`);
    expect(byEmail.total).toBe(1);
    expect(byEmail.data[0]).toMatchObject({
      id: invoice.id,
      unique_id: invoice.unique_id,
      type: "created",
      status: "pending",
      email: invoice.email,
      dismissed: false,
      dismissed_at: null,
      recovery_sent_at: null,
    });
    expect(byEmail.data[0]!.checkout_url).toContain(invoice.unique_id);

    expect((await search(seller, shopId, `search=${invoice.unique_id}`)).data.map((row) => row.id)).toContain(invoice.id);
    expect((await search(seller, shopId, `search=${encodeURIComponent(invoice.email)}&type=created`)).total).toBe(1);
    expect((await search(seller, shopId, `search=${encodeURIComponent(invoice.email)}&type=all`)).total).toBe(1);
    // no payment was started for a manual invoice: it is not of type pending
    expect((await search(seller, shopId, `search=${encodeURIComponent(invoice.email)}&type=pending`)).total).toBe(0);
    const byProduct = await search(seller, shopId, "search=steam%20game&perPage=100&type=pending");
    expect(byProduct.data.every((row) => row.type === "pending")).toBe(true);
  });

  test("filters are accepted in a GET body too, and the date range is inclusive", async ({ seller, shopId }) => {
    const invoice = await createCheckout(seller, shopId);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const inRange = await seller.get(base(shopId), { data: { search: invoice.email, date_from: today, date_to: today } });
    expect(inRange.status()).toBe(200);
    expect((await inRange.json()).total).toBe(1);
    expect((await search(seller, shopId, `search=${encodeURIComponent(invoice.email)}&date_to=${yesterday}`)).total).toBe(0);
    expect((await search(seller, shopId, `search=${encodeURIComponent(invoice.email)}&date_from=${tomorrow}`)).total).toBe(0);
  });

  test("dismiss hides a checkout unless include_dismissed; both actions are idempotent", async ({ seller, shopId }) => {
    const invoice = await createCheckout(seller, shopId);
    const query = `search=${encodeURIComponent(invoice.email)}`;

    const dismissed = await seller.post(`${base(shopId)}/${invoice.id}/dismiss`);
    expect(dismissed.status()).toBe(200);
    const first = await dismissed.json();
    expect(first).toMatchObject({ id: invoice.id, dismissed: true });
    expect(first.dismissed_at).toMatch(/Z$/);

    expect((await search(seller, shopId, query)).total).toBe(0);
    expect((await search(seller, shopId, `${query}&include_dismissed=true`)).total).toBe(1);
    expect((await search(seller, shopId, `${query}&include_dismissed=1`)).data[0]).toMatchObject({ dismissed: true });
    expect((await search(seller, shopId, `${query}&include_dismissed=false`)).total).toBe(0);

    // dismissing again keeps the first time; the unique id works as well
    const again = await seller.post(`${base(shopId)}/${invoice.unique_id}/dismiss`);
    expect(again.status()).toBe(200);
    expect((await again.json()).dismissed_at).toBe(first.dismissed_at);

    const undismissed = await seller.post(`${base(shopId)}/${invoice.id}/undismiss`);
    expect(undismissed.status()).toBe(200);
    expect(await undismissed.json()).toMatchObject({ dismissed: false, dismissed_at: null });
    expect((await search(seller, shopId, query)).total).toBe(1);
    expect((await seller.post(`${base(shopId)}/${invoice.id}/undismiss`)).status()).toBe(200);
  });

  test("recover queues the email and stamps recovery_sent_at; the coupon must be the shop's", async ({ seller, shopId, seed }) => {
    // an invoice made with a coupon tells us that coupon's id
    const withCoupon = await createCheckout(seller, shopId, { coupon_code: "WELCOME10" });
    expect(withCoupon.coupon_id).toEqual(expect.any(Number));
    const invoice = await createCheckout(seller, shopId);

    const plain = await seller.post(`${base(shopId)}/${invoice.id}/recover`);
    expect(plain.status(), await plain.text()).toBe(200);
    const recovered = await plain.json();
    expect(recovered.recovery_sent_at).toMatch(/Z$/);

    const offered = await seller.post(`${base(shopId)}/${invoice.id}/recover`, { data: { coupon_id: withCoupon.coupon_id } });
    expect(offered.status(), await offered.text()).toBe(200);
    expect((await offered.json()).recovery_sent_at >= recovered.recovery_sent_at).toBe(true);

    await expectValidationError(await seller.post(`${base(shopId)}/${invoice.id}/recover`, { data: { coupon_id: 999999 } }), "coupon_id");
    await expectValidationError(await seller.post(`${base(shopId)}/${invoice.id}/recover`, { data: { coupon_id: 0 } }), "coupon_id");
    await expectValidationError(await seller.post(`${base(shopId)}/${invoice.id}/recover`, { data: { coupon_id: "abc" } }), "coupon_id");
    const secondShop = seed.seller.shopIds[1]!;
    const stats = await (await seller.get(`${base(shopId)}/stats`)).json();
    expect(stats.recovery_sent.count).toBeGreaterThanOrEqual(1);
    expect((await seller.post(`${base(secondShop)}/${invoice.id}/recover`, { data: { coupon_id: withCoupon.coupon_id } })).status()).toBe(
      404,
    );
  });

  test("bulk recover: named checkouts, unknown ids and list bounds", async ({ seller, shopId }) => {
    const a = await createCheckout(seller, shopId);
    const b = await createCheckout(seller, shopId);
    const response = await seller.post(`${base(shopId)}/bulk-recover`, { data: { invoice_ids: [a.id, b.id, a.id] } });
    expect(response.status(), await response.text()).toBe(200);
    const body = await response.json();
    expect(body.recovered).toBe(2);
    expect([...body.invoice_ids].sort()).toEqual([a.id, b.id].sort());
    expect(body.skipped).toEqual([]);
    const listed = await search(seller, shopId, `search=${encodeURIComponent(a.email)}`);
    expect(listed.data[0]!.recovery_sent_at).toMatch(/Z$/);

    await expectValidationError(
      await seller.post(`${base(shopId)}/bulk-recover`, { data: { invoice_ids: [a.id, 999999] } }),
      "invoice_ids.1",
    );
    await expectValidationError(await seller.post(`${base(shopId)}/bulk-recover`, { data: { invoice_ids: [] } }), "invoice_ids");
    await expectValidationError(await seller.post(`${base(shopId)}/bulk-recover`, { data: { invoice_ids: "nope" } }), "invoice_ids");
    const hundredAndOne = Array.from({ length: 101 }, (_, i) => a.id + i);
    await expectValidationError(await seller.post(`${base(shopId)}/bulk-recover`, { data: { invoice_ids: hundredAndOne } }), "invoice_ids");
    // 100 ids pass the size rule (the unknown ones are refused one by one)
    const hundred = await seller.post(`${base(shopId)}/bulk-recover`, { data: { invoice_ids: [...Array(99).fill(a.id), 999999] } });
    const refused = await expectValidationError(hundred, "invoice_ids.99");
    expect(refused.errors).not.toHaveProperty("invoice_ids");
    await expectValidationError(
      await seller.post(`${base(shopId)}/bulk-recover`, { data: { invoice_ids: [a.id], coupon_id: 999999 } }),
      "coupon_id",
    );
  });

  test("bulk recover without ids chases checkouts never sent a recovery email", async ({ seller, seed }) => {
    // in the second shop, so that no other test's fresh checkout is chased meanwhile
    const secondShop = seed.seller.shopIds[1]!;
    const response = await seller.post(`${base(secondShop)}/bulk-recover`);
    expect(response.status(), await response.text()).toBe(200);
    const body = await response.json();
    expect(body.recovered).toBeLessThanOrEqual(100);
    expect(body.invoice_ids.length).toBe(body.recovered);
    // those are now stamped, so a second call finds none of them again
    const again = await (await seller.post(`${base(secondShop)}/bulk-recover`, { data: {} })).json();
    expect(again.invoice_ids.filter((id: number) => body.invoice_ids.includes(id))).toEqual([]);
  });

  test("stats: counts and values by state and the recovery rate", async ({ seller, shopId }) => {
    await createCheckout(seller, shopId);
    const response = await seller.get(`${base(shopId)}/stats`);
    expect(response.status()).toBe(200);
    const stats = await response.json();
    for (const bucket of ["abandoned", "created", "pending", "dismissed", "recovery_sent", "recovered"]) {
      expect(Number.isInteger(stats[bucket].count), bucket).toBe(true);
      expect(stats[bucket].value_usd).toMatch(/^\d+\.\d{2}$/);
    }
    expect(stats.abandoned.count).toBeGreaterThanOrEqual(1);
    expect(stats.created.count + stats.pending.count).toBe(stats.abandoned.count);
    expect(typeof stats.recovery_rate).toBe("number");
    expect(stats.recovery_rate).toBeGreaterThanOrEqual(0);
    expect(stats.recovery_rate).toBeLessThanOrEqual(100);
  });

  test("list bounds", async ({ seller, shopId }) => {
    const ok = async (query: string) => expect((await seller.get(`${base(shopId)}?${query}`)).status(), query).toBe(200);
    await ok("perPage=1");
    await ok("perPage=100&page=1");
    await ok(`search=${"s".repeat(255)}`);
    await ok("date_from=2026-01-01&date_to=2026-01-01");
    await ok("type=all&include_dismissed=0");
    await expectValidationError(await seller.get(`${base(shopId)}?perPage=0`), "perPage");
    await expectValidationError(await seller.get(`${base(shopId)}?perPage=101`), "perPage");
    await expectValidationError(await seller.get(`${base(shopId)}?page=0`), "page");
    await expectValidationError(await seller.get(`${base(shopId)}?type=abandoned`), "type");
    await expectValidationError(await seller.get(`${base(shopId)}?search=${"s".repeat(256)}`), "search");
    await expectValidationError(await seller.get(`${base(shopId)}?date_from=soon`), "date_from");
    await expectValidationError(await seller.get(`${base(shopId)}?date_from=2026-01-02&date_to=2026-01-01`), "date_to");
    await expectValidationError(await seller.get(`${base(shopId)}?include_dismissed=maybe`), "include_dismissed");
    // % and _ are literal characters, not wildcards
    expect((await search(seller, shopId, "search=%25%25%25")).total).toBe(0);
    const page = await (await seller.get(`${base(shopId)}?perPage=2`)).json();
    expect(page.per_page).toBe(2);
    expect(page.data.length).toBeLessThanOrEqual(2);
  });

  test("unknown ids inside the shop are 404 Abandoned checkout not found", async ({ seller, shopId }) => {
    for (const action of ["dismiss", "undismiss", "recover"]) {
      for (const id of ["999999", "no-such-checkout"]) {
        const response = await seller.post(`${base(shopId)}/${id}/${action}`);
        expect(response.status(), `${action} ${id}`).toBe(404);
        expect(await response.json()).toEqual({ message: "Abandoned checkout not found." });
      }
    }
  });

  test("another shop's checkout is not found; another seller's shop is 404 Shop not found; no key or a bad one 401", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    seed,
    foreignShopId,
  }) => {
    const invoice = await createCheckout(seller, shopId);
    const secondShop = seed.seller.shopIds[1]!;
    expect((await seller.post(`${base(secondShop)}/${invoice.id}/dismiss`)).status()).toBe(404);
    await expectValidationError(
      await seller.post(`${base(secondShop)}/bulk-recover`, { data: { invoice_ids: [invoice.id] } }),
      "invoice_ids.0",
    );
    expect((await search(seller, secondShop, `search=${encodeURIComponent(invoice.email)}`)).total).toBe(0);

    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: base },
      { method: "get", path: (shop) => `${base(shop)}/stats` },
      ...["dismiss", "undismiss", "recover"].map((action) => ({
        method: "post" as const,
        path: (shop: number) => `${base(shop)}/${invoice.id}/${action}`,
      })),
      { method: "post", path: (shop) => `${base(shop)}/bulk-recover`, data: { invoice_ids: [invoice.id] } },
    ]);
    // nothing changed
    expect((await search(seller, shopId, `search=${encodeURIComponent(invoice.email)}`)).data[0]).toMatchObject({
      dismissed: false,
      recovery_sent_at: null,
    });
  });
});
