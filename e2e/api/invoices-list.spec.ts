import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectShopNotFound, expectValidationError, test } from "../support/api";
import { createCustomField } from "../support/catalog";
import { STEAM, completeInvoice, invoiceAction, seededVariantId, type InvoiceView } from "../support/invoices";

type ListItem = {
  id: number;
  unique_id: string;
  status: string;
  gateway: string;
  email: string;
  price: string;
  manual: number;
  archived: number;
  created_at: string;
  completed_at: string | null;
  product: { id: number; name: string; stock_count: number } | null;
  variant: { id: number; name: string } | null;
};
type Envelope = {
  current_page: number;
  data: ListItem[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: { url: string | null; label: string; active: boolean }[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
};

const listPath = (shopId: number) => `/v1/shops/${shopId}/invoices`;

async function list(
  seller: APIRequestContext,
  shopId: number,
  params: Record<string, string | number | boolean> = {},
  data?: unknown,
): Promise<Envelope> {
  const response = await seller.get(listPath(shopId), { params, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Envelope;
}

/**
 * Three invoices of this test's own, told apart from everything else by a
 * tag in their emails and their gateway: one pending, one completed (with
 * serials delivered), one archived and cancelled, one with a custom-field answer.
 */
async function ownInvoices(seller: APIRequestContext, shopId: number) {
  const tag = `lst${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const gateway = `GW_${tag}`.toUpperCase();
  const variantId = await seededVariantId(seller, shopId, ...STEAM);
  const field = await createCustomField(seller, shopId);
  const make = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await seller.post(listPath(shopId), {
      data: { email: `${name}.${tag}@example.test`, items: [{ variant_id: variantId, quantity: 1 }], gateway, ...extra },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as InvoiceView & { customer_id: number; created_at: string };
  };
  const pending = await make("pending", { custom_fields: { [field.id]: `answer-${tag}` } });
  const completed = await completeInvoice(seller, shopId, (await make("completed")).id);
  const cancelled = await make("cancelled");
  expect((await invoiceAction(seller, shopId, cancelled.id, "cancel")).status()).toBe(200);
  expect((await invoiceAction(seller, shopId, cancelled.id, "archive")).status()).toBe(200);
  return { tag, gateway, pending, completed, cancelled };
}

const ids = (envelope: Envelope) => envelope.data.map((item) => item.id).sort((a, b) => a - b);

test.describe("invoice list", () => {
  test("the seller envelope: every field, links, default perPage, a page beyond the last", async ({ seller, shopId }) => {
    const first = await list(seller, shopId);
    expect(first.current_page).toBe(1);
    expect(first.per_page).toBe(20);
    expect(first.data).toHaveLength(20);
    expect(first.total).toBeGreaterThanOrEqual(250);
    expect(first.from).toBe(1);
    expect(first.to).toBe(20);
    expect(first.last_page).toBe(Math.ceil(first.total / 20));
    expect(first.path).toMatch(new RegExp(`/v1/shops/${shopId}/invoices$`));
    expect(first.first_page_url).toBe(`${first.path}?page=1`);
    expect(first.last_page_url).toBe(`${first.path}?page=${first.last_page}`);
    expect(first.prev_page_url).toBeNull();
    expect(first.next_page_url).toBe(`${first.path}?page=2`);
    expect(first.links[0]).toEqual({ url: null, label: "&laquo; Previous", active: false });
    expect(first.links.at(-1)).toEqual({ url: `${first.path}?page=2`, label: "Next &raquo;", active: false });
    expect(first.links.find((link) => link.active)).toEqual({ url: `${first.path}?page=1`, label: "1", active: true });
    const item = first.data[0]!;
    for (const key of [
      "id",
      "status",
      "product_id",
      "variant_id",
      "price",
      "currency",
      "gateway",
      "email",
      "salt",
      "manual",
      "created_at",
      "completed_at",
      "archived",
      "unique_id",
      "product",
      "variant",
    ]) {
      expect(item).toHaveProperty(key);
    }
    expect(item.price).toMatch(/^\d+\.\d{2}$/);
    // newest first by default
    const created = first.data.map((row) => Date.parse(row.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);

    const second = await list(seller, shopId, { page: 2, perPage: 7 });
    expect(second).toMatchObject({ current_page: 2, per_page: 7, from: 8, to: 14 });
    expect(second.prev_page_url).toContain("page=1");
    expect(second.prev_page_url).toContain("perPage=7");

    const beyond = await list(seller, shopId, { page: 100000 });
    expect(beyond).toMatchObject({ current_page: 100000, data: [], from: null, to: null });
    expect(beyond.last_page).toBe(Math.ceil(beyond.total / 20));
    expect(beyond.next_page_url).toBeNull();

    const max = await list(seller, shopId, { perPage: 100 });
    expect(max.data).toHaveLength(100);
    expect((await list(seller, shopId, { perPage: 1 })).data).toHaveLength(1);
  });

  test("validation at every bound", async ({ seller, shopId }) => {
    const bad = (params: Record<string, string | number>) => seller.get(listPath(shopId), { params });
    await expectValidationError(await bad({ page: 0 }), "page");
    await expectValidationError(await bad({ page: "x" }), "page");
    await expectValidationError(await bad({ perPage: 0 }), "perPage");
    await expectValidationError(await bad({ perPage: 101 }), "perPage");
    await expectValidationError(await bad({ orderColumn: "email" }), "orderColumn");
    await expectValidationError(await bad({ orderDirection: "up" }), "orderDirection");
    await expectValidationError(await bad({ "statuses[]": "shipped" }), "statuses.0");
    await expectValidationError(await bad({ created_at_start: "not a date" }), "created_at_start");
    await expectValidationError(await bad({ created_at_start: "2026-05-02", created_at_end: "2026-05-01" }), "created_at_end");
    await expectValidationError(await bad({ completed_at_start: "2026-05-02", completed_at_end: "2026-05-01" }), "completed_at_end");
    await expectValidationError(await bad({ email: "x".repeat(256) }), "email");
    await expectValidationError(await bad({ external_id_value: "pi_1" }), "external_id_type");
    await expectValidationError(await bad({ external_id_type: "iban", external_id_value: "x" }), "external_id_type");
    await expectValidationError(await bad({ all: "maybe" }), "all");
    await expectValidationError(await bad({ customer_id: "abc" }), "customer_id");
    // equal start and end is allowed: the range is inclusive
    const same = await seller.get(listPath(shopId), { params: { created_at_start: "2026-05-01", created_at_end: "2026-05-01" } });
    expect(same.status()).toBe(200);
    // a malformed GET body is 400
    const malformed = await seller.get(listPath(shopId), { headers: { "content-type": "application/json" }, data: "{not json" });
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toEqual({ message: "Malformed JSON body." });
  });

  test("authentication and another seller's shop", async ({ anonymous, otherSeller, seller, shopId, foreignShopId }) => {
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: listPath },
      { method: "get", path: (shop) => `${listPath(shop)}/1` },
      { method: "post", path: listPath, data: { email: "buyer@example.test", items: [] } },
    ]);
    await expectShopNotFound(await seller.get(listPath(999999)));
  });

  test("every orderColumn in both directions, NULL as the smallest value", async ({ seller, shopId }) => {
    const keys = { id: "id", price_usd: "price", created_at: "created_at", completed_at: "completed_at" } as const;
    for (const [column, key] of Object.entries(keys)) {
      for (const direction of ["asc", "desc"] as const) {
        const page = await list(seller, shopId, { orderColumn: column, orderDirection: direction, perPage: 100 });
        const values = page.data.map((row) => {
          const value = row[key as keyof ListItem] as string | number | null;
          return value === null ? -Infinity : typeof value === "number" ? value : key === "price" ? Number(value) : Date.parse(value);
        });
        const sorted = [...values].sort((a, b) => (direction === "asc" ? a - b : b - a));
        expect(values, `${column} ${direction}`).toEqual(sorted);
      }
    }
    // paid_usd is not in the list item: the order must still be stable and total
    const paid = await list(seller, shopId, { orderColumn: "paid_usd", orderDirection: "desc", perPage: 100 });
    expect(new Set(paid.data.map((row) => row.id)).size).toBe(100);
    const views = await Promise.all(
      paid.data.slice(0, 30).map(async (row) => (await (await seller.get(`${listPath(shopId)}/${row.id}`)).json()) as InvoiceView),
    );
    const amounts = views.map((view) => (view.paid_usd === null ? -Infinity : Number(view.paid_usd)));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  test("filters from the query string match exactly this test's invoices", async ({ seller, shopId }) => {
    const own = await ownInvoices(seller, shopId);
    const byTag = { email: own.tag };
    const all3 = [own.pending.id, own.completed.id, own.cancelled.id].sort((a, b) => a - b);

    expect(ids(await list(seller, shopId, byTag))).toEqual(all3);
    expect(ids(await list(seller, shopId, { email: own.tag.toUpperCase() }))).toEqual(all3);
    expect((await list(seller, shopId, { email: `${own.tag}%` })).total).toBe(0);
    expect((await list(seller, shopId, { email: `_${own.tag}` })).total).toBe(0);
    expect(ids(await list(seller, shopId, { ...byTag, "statuses[]": "completed" }))).toEqual([own.completed.id]);
    expect(ids(await list(seller, shopId, { ...byTag, statuses: "pending,cancelled" }))).toEqual(
      [own.pending.id, own.cancelled.id].sort((a, b) => a - b),
    );
    expect(ids(await list(seller, shopId, { id: String(own.completed.id) }))).toEqual([own.completed.id]);
    expect(ids(await list(seller, shopId, { id: own.completed.unique_id }))).toEqual([own.completed.id]);
    expect((await list(seller, shopId, { id: own.completed.unique_id.slice(0, 6) })).total).toBe(0);
    expect(ids(await list(seller, shopId, { [`gateways[${own.gateway}]`]: 1 }))).toEqual(all3);
    expect(ids(await list(seller, shopId, { [`gateways[${own.gateway}]`]: 0, ...byTag }))).toEqual(all3);
    expect(ids(await list(seller, shopId, { ...byTag, archived: 1 }))).toEqual([own.cancelled.id]);
    expect(ids(await list(seller, shopId, { ...byTag, archived: "false" }))).toEqual(
      [own.pending.id, own.completed.id].sort((a, b) => a - b),
    );
    expect(ids(await list(seller, shopId, { ...byTag, manual: "true" }))).toEqual(all3);
    expect((await list(seller, shopId, { ...byTag, manual: 0 })).total).toBe(0);
    expect(ids(await list(seller, shopId, { ...byTag, product_name: "steam game" }))).toEqual(all3);
    expect(ids(await list(seller, shopId, { ...byTag, variant_name: "STANDARD" }))).toEqual(all3);
    expect((await list(seller, shopId, { ...byTag, variant_name: "Deluxe" })).total).toBe(0);
    expect(ids(await list(seller, shopId, { custom_field: `answer-${own.tag}` }))).toEqual([own.pending.id]);
    const serial = own.completed.items[0]!.delivered[0]!;
    expect(ids(await list(seller, shopId, { deliverable: serial.slice(1, -1) }))).toEqual([own.completed.id]);
    expect(ids(await list(seller, shopId, { ...byTag, customer_id: own.pending.customer_id }))).toEqual([own.pending.id]);

    const start = new Date(Date.parse(own.pending.created_at) - 1000).toISOString();
    const end = new Date(Date.now() + 60_000).toISOString();
    expect(ids(await list(seller, shopId, { ...byTag, created_at_start: start, created_at_end: end }))).toEqual(all3);
    expect((await list(seller, shopId, { ...byTag, created_at_end: start })).total).toBe(0);
    expect(ids(await list(seller, shopId, { ...byTag, completed_at_start: start, completed_at_end: end }))).toEqual([own.completed.id]);
    // both ends are inclusive
    const exact = own.completed.completed_at!;
    expect(ids(await list(seller, shopId, { ...byTag, completed_at_start: exact, completed_at_end: exact }))).toEqual([own.completed.id]);
  });

  test("filters in a GET body, body fields win over the query, all=true", async ({ seller, shopId }) => {
    const own = await ownInvoices(seller, shopId);
    const body = await list(
      seller,
      shopId,
      {},
      {
        email: own.tag,
        statuses: ["completed", "cancelled"],
        gateways: { [own.gateway]: true },
        perPage: 1,
        orderColumn: "id",
        orderDirection: "asc",
      },
    );
    expect(body.total).toBe(2);
    expect(body.data.map((row) => row.id)).toEqual([Math.min(own.completed.id, own.cancelled.id)]);
    expect(body.next_page_url).toContain("page=2");
    expect(body.next_page_url).toContain(own.tag);

    const wins = await list(seller, shopId, { email: "nobody-matches-this", perPage: 5 }, { email: own.tag });
    expect(wins.total).toBe(3);
    expect(wins.per_page).toBe(5);

    const everything = await list(seller, shopId, { all: true }, { email: own.tag });
    expect(everything.data).toHaveLength(3);
    expect(everything).toMatchObject({ current_page: 1, last_page: 1, total: 3, from: 1, to: 3 });

    const wholeShop = await list(seller, shopId, { all: "1" });
    expect(wholeShop.data.length).toBe(wholeShop.total);
    expect(wholeShop.total).toBeGreaterThanOrEqual(250);

    // a body validation error names the field like the query's
    await expectValidationError(await seller.get(listPath(shopId), { data: { perPage: 101 } }), "perPage");
    await expectValidationError(await seller.get(listPath(shopId), { data: { statuses: "paid" } }), "statuses.0");
  });

  test("filters on seeded gateway references match the invoices that carry them", async ({ seller, shopId }) => {
    const page = await list(seller, shopId, { perPage: 100, orderColumn: "id", orderDirection: "asc" });
    const views = await Promise.all(
      page.data.map(
        async (row) => (await (await seller.get(`${listPath(shopId)}/${row.id}`)).json()) as Record<string, unknown> & InvoiceView,
      ),
    );
    const probes: [string, Record<string, string>, string][] = [];
    const withIp = views.find((view) => view["ip"]);
    if (withIp) probes.push(["ip", { ip: String(withIp["ip"]) }, "ip"]);
    const withPi = views.find((view) => view["cardproc_pi_id"]);
    if (withPi)
      probes.push([
        "cardproc",
        { external_id_type: "cardproc_pi_id", external_id_value: String(withPi["cardproc_pi_id"]) },
        "cardproc_pi_id",
      ]);
    const withChat = views.find((view) => view["chat_user_id"]);
    if (withChat) probes.push(["chat", { chat_id: String(withChat["chat_user_id"]) }, "chat_user_id"]);
    const withCoupon = views.find((view) => view["coupon_id"]);
    expect(probes.length).toBeGreaterThanOrEqual(2);
    for (const [name, filter, key] of probes) {
      const source = views.find((view) => view[key] === Object.values(filter).at(-1))!;
      const found = await list(seller, shopId, { ...filter, all: true });
      expect(
        found.data.map((row) => row.id),
        name,
      ).toContain(source.id);
      for (const row of found.data.slice(0, 10)) {
        const view = (await (await seller.get(`${listPath(shopId)}/${row.id}`)).json()) as Record<string, unknown>;
        expect(String(view[key]).toLowerCase(), name).toContain(Object.values(filter).at(-1)!.toLowerCase());
      }
    }
    if (withCoupon) {
      const coupons = (await (await seller.get(`/v1/shops/${shopId}/coupons`, { params: { perPage: 100 } })).json()) as {
        data: { id: number; code: string }[];
      };
      const code = coupons.data.find((coupon) => coupon.id === withCoupon["coupon_id"])!.code;
      const found = await list(seller, shopId, { coupon_code: code.toLowerCase(), all: true });
      expect(found.data.map((row) => row.id)).toContain(withCoupon.id);
    }
    const notes = await list(seller, shopId, { appB_note: "note ", perPage: 100 });
    expect(notes.total).toBeGreaterThan(0);
    expect(new Set(notes.data.map((row) => row.gateway))).toEqual(new Set(["APPB"]));
    const wallet = await list(seller, shopId, { walletAff_note: "order ", perPage: 100 });
    expect(new Set(wallet.data.map((row) => row.gateway))).toEqual(new Set(wallet.total ? ["WALLETAFF"] : []));
    const methods = await list(seller, shopId, { "payment_method_ids[card_visa]": 1, perPage: 100 });
    expect(methods.total).toBeGreaterThan(0);
    expect(new Set(methods.data.map((row) => row.gateway))).toEqual(new Set(["CARDPROC"]));
  });

  test("the total stays exact under a status filter after status changes", async ({ seller, shopId }) => {
    const own = await ownInvoices(seller, shopId);
    const before = (await list(seller, shopId, { "statuses[]": "refunded" })).total;
    expect((await invoiceAction(seller, shopId, own.completed.id, "refund")).status()).toBe(200);
    const after = await list(seller, shopId, { "statuses[]": "refunded", perPage: 100 });
    // other tests refund in parallel: the count only grows, and this invoice is in it
    expect(after.total).toBeGreaterThanOrEqual(before + 1);
    const listed = await list(seller, shopId, { "statuses[]": "refunded", all: true });
    expect(listed.data.length).toBe(listed.total);
    expect(listed.data.map((row) => row.id)).toContain(own.completed.id);
  });
});
