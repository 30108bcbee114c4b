import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import {
  COACHING,
  GIFT_CARD,
  SOLD_OUT,
  STEAM,
  completeInvoice,
  createPendingInvoice,
  invoiceAction,
  seededVariantId,
  type InvoiceView,
} from "../support/invoices";
import type { APIRequestContext, APIResponse } from "@playwright/test";

/** Every action route: method, path segment and a valid body. */
const ACTIONS: { method: "get" | "post" | "put"; action: string; body?: Record<string, unknown> }[] = [
  { method: "post", action: "status", body: { status: "failed" } },
  { method: "post", action: "archive" },
  { method: "post", action: "unarchive" },
  { method: "post", action: "cancel" },
  { method: "post", action: "refund" },
  { method: "post", action: "unrefund" },
  { method: "post", action: "reverse-affiliate-commission" },
  { method: "put", action: "dashboard-note", body: { dashboard_note: "x" } },
  { method: "put", action: "paid-amount", body: { paid: 1, paid_usd: 1 } },
  { method: "post", action: "ship", body: {} },
  { method: "post", action: "deliver" },
  { method: "get", action: "pdf" },
  { method: "get", action: "email-preview" },
  { method: "get", action: "process" },
  { method: "post", action: "replace-delivered", body: { invoice_item_id: 1, replacements: { "0": "X" } } },
  { method: "post", action: "redo-dynamic-delivery", body: { invoice_item_id: 1 } },
  { method: "post", action: "resend-email", body: {} },
];

function call(context: APIRequestContext, shopId: number, invoiceId: number | string, entry: (typeof ACTIONS)[number]) {
  const url = `/v1/shops/${shopId}/invoices/${invoiceId}/${entry.action}`;
  return entry.method === "get" ? context.get(url) : context[entry.method](url, { data: entry.body ?? {} });
}

async function view(response: APIResponse): Promise<InvoiceView> {
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  return (await response.json()) as InvoiceView;
}

async function expectStateConflict(response: APIResponse) {
  expect(response.status(), await response.text()).toBe(422);
  const body = await response.json();
  expect(typeof body.message).toBe("string");
  expect(body.errors.status).toEqual([body.message]);
}

async function newSteamInvoice(seller: APIRequestContext, shopId: number, quantity = 1) {
  return createPendingInvoice(seller, shopId, [{ variant_id: await seededVariantId(seller, shopId, ...STEAM), quantity }]);
}

test.describe("invoice actions: access", () => {
  // Each test walks every route several times.
  test.describe.configure({ timeout: 180_000 });

  test("another seller's shop is 404 Shop not found, both ways; every action is 401 without a key or with a bad one", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    await expectGuarded(
      { seller, otherSeller, anonymous, shopId, foreignShopId },
      ACTIONS.map(({ method, action, body }) => ({
        method,
        path: (shop) => `/v1/shops/${shop}/invoices/${invoice.id}/${action}`,
        data: method === "get" ? undefined : (body ?? {}),
      })),
    );
    expect((await view(await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`))).status).toBe("pending");
  });

  test("unknown invoices, and invoices of the seller's other shop, are 404 Invoice not found", async ({ seller, shopId, seed }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    const otherOwnShop = seed.seller.shopIds[1]!;
    for (const entry of ACTIONS) {
      for (const [shop, id] of [
        [shopId, 999999999],
        [shopId, "no-such-unique-id"],
        [otherOwnShop, invoice.id],
        [otherOwnShop, invoice.unique_id],
      ] as const) {
        const response = await call(seller, shop, id, entry);
        expect(response.status(), `${entry.action} ${shop}/${id}`).toBe(404);
        expect(await response.json()).toEqual({ message: "Invoice not found." });
      }
    }
  });
});

test.describe("invoice actions: status", () => {
  test("completed delivers serials oldest first, sets completed_at, and is idempotent", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId, 2);
    const stockBefore = invoice.product!.stock_count;
    const done = await completeInvoice(seller, shopId, invoice.id);
    expect(done.status).toBe("completed");
    expect(done.completed_at).toMatch(/Z$/);
    expect(done.items[0]!.status).toBe("completed");
    expect(done.items[0]!.delivered).toHaveLength(2);
    expect(done.delivered.split("\n")).toEqual(done.items[0]!.delivered);
    expect(done.product!.stock_count).toBeLessThanOrEqual(stockBefore - 2);

    const again = await completeInvoice(seller, shopId, invoice.unique_id);
    expect(again.items[0]!.delivered).toEqual(done.items[0]!.delivered);
    expect(again.completed_at).toBe(done.completed_at);
  });

  test("accepts each of its four values from any state, and nothing else", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    for (const status of ["cancelled", "failed", "refunded", "completed", "failed", "cancelled", "completed"]) {
      expect((await view(await invoiceAction(seller, shopId, invoice.id, "status", { status }))).status).toBe(status);
    }
    const delivered = (await view(await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`))).items[0]!.delivered;
    expect(delivered).toHaveLength(1);

    for (const body of [{ status: "pending" }, { status: "COMPLETED" }, { status: "" }, {}, { status: 1 }]) {
      await expectValidationError(await invoiceAction(seller, shopId, invoice.id, "status", body), "status");
    }
  });

  test("a serial variant out of stock completes the invoice and leaves the item pending", async ({ seller, shopId }) => {
    const invoice = await createPendingInvoice(seller, shopId, [
      { variant_id: await seededVariantId(seller, shopId, ...SOLD_OUT), quantity: 1 },
    ]);
    const done = await completeInvoice(seller, shopId, invoice.id);
    expect(done.status).toBe("completed");
    expect(done.items[0]!).toMatchObject({ status: "pending", delivered: [] });
    const redelivered = await view(await invoiceAction(seller, shopId, invoice.id, "deliver"));
    expect(redelivered.items[0]!.status).toBe("pending");
  });

  test("a counted service variant takes from its counter", async ({ seller, shopId }) => {
    const invoice = await createPendingInvoice(seller, shopId, [
      { variant_id: await seededVariantId(seller, shopId, ...COACHING), quantity: 1 },
    ]);
    const before = invoice.product!.stock_count;
    const done = await completeInvoice(seller, shopId, invoice.id);
    expect(done.items[0]!.status).toBe("completed");
    expect(done.product!.stock_count).toBe(before - 1);
  });
});

test.describe("invoice actions: cancel, refund, unrefund", () => {
  test("cancel only from pending", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    expect((await view(await invoiceAction(seller, shopId, invoice.unique_id, "cancel"))).status).toBe("cancelled");
    await expectStateConflict(await invoiceAction(seller, shopId, invoice.id, "cancel"));

    const completed = await newSteamInvoice(seller, shopId);
    await completeInvoice(seller, shopId, completed.id);
    await expectStateConflict(await invoiceAction(seller, shopId, completed.id, "cancel"));
  });

  test("refund only from completed, keeps serials sold; unrefund only from refunded, without delivering again", async ({
    seller,
    shopId,
  }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    await expectStateConflict(await invoiceAction(seller, shopId, invoice.id, "refund"));
    await expectStateConflict(await invoiceAction(seller, shopId, invoice.id, "unrefund"));

    const done = await completeInvoice(seller, shopId, invoice.id);
    await expectStateConflict(await invoiceAction(seller, shopId, invoice.id, "unrefund"));
    const refunded = await view(await invoiceAction(seller, shopId, invoice.id, "refund"));
    expect(refunded.status).toBe("refunded");
    expect(refunded.items[0]!.delivered).toEqual(done.items[0]!.delivered);
    await expectStateConflict(await invoiceAction(seller, shopId, invoice.id, "refund"));

    const back = await view(await invoiceAction(seller, shopId, invoice.id, "unrefund"));
    expect(back.status).toBe("completed");
    expect(back.items[0]!.delivered).toEqual(done.items[0]!.delivered);
    expect(back.completed_at).toBe(done.completed_at);
    await expectStateConflict(await invoiceAction(seller, shopId, invoice.id, "unrefund"));
  });
});

test.describe("invoice actions: flags and fields", () => {
  test("archive and unarchive flip the flag only", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    const archived = await view(await invoiceAction(seller, shopId, invoice.id, "archive"));
    expect(archived).toMatchObject({ archived: 1, status: "pending" });
    expect((await view(await invoiceAction(seller, shopId, invoice.id, "archive"))).archived).toBe(1);
    const back = await view(await invoiceAction(seller, shopId, invoice.unique_id, "unarchive"));
    expect(back).toMatchObject({ archived: 0, status: "pending" });
  });

  test("dashboard-note: up to 5000 characters, null or empty clears, must be present", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    const put = (data: unknown) => seller.put(`/v1/shops/${shopId}/invoices/${invoice.id}/dashboard-note`, { data });
    expect((await view(await put({ dashboard_note: "n".repeat(5000) }))).dashboard_note).toHaveLength(5000);
    await expectValidationError(await put({ dashboard_note: "n".repeat(5001) }), "dashboard_note");
    await expectValidationError(await put({}), "dashboard_note");
    await expectValidationError(await put({ dashboard_note: 12 }), "dashboard_note");
    expect((await view(await put({ dashboard_note: "Called the customer" }))).dashboard_note).toBe("Called the customer");
    expect((await view(await put({ dashboard_note: null }))).dashboard_note).toBeNull();
    await put({ dashboard_note: "again" });
    expect((await view(await put({ dashboard_note: "" }))).dashboard_note).toBeNull();
  });

  test("paid-amount: both required, 0 to 999999999.99, at most 2 decimals", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    const put = (data: unknown) => seller.put(`/v1/shops/${shopId}/invoices/${invoice.id}/paid-amount`, { data });
    expect(await view(await put({ paid: 0, paid_usd: 0 }))).toMatchObject({ paid: "0.00", paid_usd: "0.00" });
    expect(await view(await put({ paid: 999999999.99, paid_usd: 12.5 }))).toMatchObject({ paid: "999999999.99", paid_usd: "12.50" });
    await expectValidationError(await put({ paid: 1000000000, paid_usd: 1 }), "paid");
    await expectValidationError(await put({ paid: -0.01, paid_usd: 1 }), "paid");
    await expectValidationError(await put({ paid: 1.001, paid_usd: 1 }), "paid");
    await expectValidationError(await put({ paid: 1, paid_usd: -1 }), "paid_usd");
    await expectValidationError(await put({ paid: 1, paid_usd: 1000000000 }), "paid_usd");
    await expectValidationError(await put({ paid_usd: 1 }), "paid");
    await expectValidationError(await put({ paid: 1 }), "paid_usd");
    await expectValidationError(await put({ paid: "abc", paid_usd: 1 }), "paid");
    const both = await expectValidationError(await put({}), "paid");
    expect(both.errors).toHaveProperty("paid_usd");
    expect(both.message).toContain("(and 1 more error)");
  });

  test("ship: optional tracking code (255) and link (2048, a URL), sets shipped_at", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    const ship = (data: unknown) => invoiceAction(seller, shopId, invoice.id, "ship", data);
    const plain = await view(await ship(undefined));
    expect(plain.shipped_at).toMatch(/Z$/);
    const link = `https://track.example/${"a".repeat(2048 - "https://track.example/".length)}`;
    const tracked = await view(await ship({ tracking_code: "c".repeat(255), tracking_link: link }));
    expect(tracked.tracking_code).toHaveLength(255);
    expect(tracked.tracking_link).toBe(link);
    await expectValidationError(await ship({ tracking_code: "c".repeat(256) }), "tracking_code");
    await expectValidationError(await ship({ tracking_link: `${link}a` }), "tracking_link");
    await expectValidationError(await ship({ tracking_link: "not a url" }), "tracking_link");
    await expectValidationError(await ship({ tracking_code: 5 }), "tracking_code");
  });

  test("resend-email: optional valid address up to 255 characters", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    await completeInvoice(seller, shopId, invoice.id);
    const resend = (data: unknown) => invoiceAction(seller, shopId, invoice.id, "resend-email", data);
    expect((await view(await resend(undefined))).id).toBe(invoice.id);
    const longest = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}`;
    expect(longest).toHaveLength(255);
    expect((await view(await resend({ email: longest }))).email).toBe(invoice.email);
    await expectValidationError(await resend({ email: `${longest}x` }), "email");
    await expectValidationError(await resend({ email: "not-an-email" }), "email");
  });
});

test.describe("invoice actions: delivery", () => {
  test("deliver completes a pending invoice; refused for cancelled, failed and refunded ones", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId, 2);
    const delivered = await view(await invoiceAction(seller, shopId, invoice.id, "deliver"));
    expect(delivered.status).toBe("completed");
    expect(delivered.items[0]!.delivered).toHaveLength(2);
    const again = await view(await invoiceAction(seller, shopId, invoice.id, "deliver"));
    expect(again.items[0]!.delivered).toEqual(delivered.items[0]!.delivered);

    const cancelled = await newSteamInvoice(seller, shopId);
    await invoiceAction(seller, shopId, cancelled.id, "cancel");
    await expectStateConflict(await invoiceAction(seller, shopId, cancelled.id, "deliver"));
    expect((await view(await seller.get(`/v1/shops/${shopId}/invoices/${cancelled.id}`))).items[0]!.delivered).toEqual([]);
  });

  test("process never changes the status and answers with the single view", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    const pending = await view(await seller.get(`/v1/shops/${shopId}/invoices/${invoice.unique_id}/process`));
    expect(pending).toMatchObject({ id: invoice.id, status: "pending" });
    expect(pending.items[0]!.delivered).toEqual([]);
    await completeInvoice(seller, shopId, invoice.id);
    const processed = await view(await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}/process`));
    expect(processed.status).toBe("completed");
    expect(processed.items[0]!.delivered).toHaveLength(1);
  });

  test("replace-delivered swaps lines by index or text; unknown lines and items are 422", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId, 2);
    const done = await completeInvoice(seller, shopId, invoice.id);
    const item = done.items[0]!;
    const [first, second] = item.delivered as [string, string];
    const replace = (data: unknown) => invoiceAction(seller, shopId, invoice.id, "replace-delivered", data);

    const byIndex = await view(await replace({ invoice_item_id: item.id, replacements: { "0": "NEW-FIRST" } }));
    expect(byIndex.items[0]!.delivered).toEqual(["NEW-FIRST", second]);
    const byText = await view(await replace({ invoice_item_id: item.id, replacements: { [second]: "NEW-SECOND" } }));
    expect(byText.items[0]!.delivered).toEqual(["NEW-FIRST", "NEW-SECOND"]);
    expect(byText.delivered).toBe("NEW-FIRST\nNEW-SECOND");
    expect(first).not.toBe("NEW-FIRST");

    await expectValidationError(
      await replace({ invoice_item_id: item.id, replacements: { "NOT-DELIVERED": "X" } }),
      "replacements.NOT-DELIVERED",
    );
    await expectValidationError(await replace({ invoice_item_id: item.id, replacements: { "2": "X" } }), "replacements.2");
    await expectValidationError(await replace({ invoice_item_id: item.id, replacements: {} }), "replacements");
    await expectValidationError(await replace({ invoice_item_id: item.id }), "replacements");
    await expectValidationError(await replace({ invoice_item_id: item.id, replacements: ["X"] }), "replacements");
    await expectValidationError(await replace({ replacements: { "0": "X" } }), "invoice_item_id");
    await expectValidationError(await replace({ invoice_item_id: "abc", replacements: { "0": "X" } }), "invoice_item_id");

    const other = await newSteamInvoice(seller, shopId);
    await expectValidationError(await replace({ invoice_item_id: other.items[0]!.id, replacements: { "0": "X" } }), "invoice_item_id");
    expect((await view(await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`))).items[0]!.delivered).toEqual([
      "NEW-FIRST",
      "NEW-SECOND",
    ]);
  });

  test("a dynamic item is called after completion and redo calls again; failures are recorded, never thrown", async ({
    seller,
    shopId,
  }) => {
    const invoice = await createPendingInvoice(seller, shopId, [
      { variant_id: await seededVariantId(seller, shopId, ...GIFT_CARD), quantity: 1 },
    ]);
    const itemId = invoice.items[0]!.id;
    const redo = (data: unknown) => invoiceAction(seller, shopId, invoice.id, "redo-dynamic-delivery", data);
    await expectStateConflict(await redo({ invoice_item_id: itemId }));

    const done = await completeInvoice(seller, shopId, invoice.id);
    expect(done.status).toBe("completed");
    const item = done.items[0]!;
    expect(item.dynamic_attempts).toBe(1);
    // The seeded URL points at this server's reseller receiver: either it delivered, or its refusal is on the item.
    if (item.status === "completed") expect(item.delivered.length).toBeGreaterThan(0);
    else expect(item.dynamic_last_error).toBeTruthy();

    const redone = await view(await redo({ invoice_item_id: itemId }));
    expect(redone.items[0]!.dynamic_attempts).toBe(2);
    expect(redone.items[0]!.status === "completed" || !!redone.items[0]!.dynamic_last_error).toBe(true);

    const serial = await newSteamInvoice(seller, shopId);
    await completeInvoice(seller, shopId, serial.id);
    await expectValidationError(
      await invoiceAction(seller, shopId, serial.id, "redo-dynamic-delivery", { invoice_item_id: serial.items[0]!.id }),
      "invoice_item_id",
    );
    await expectValidationError(await redo({ invoice_item_id: serial.items[0]!.id }), "invoice_item_id");
    await expectValidationError(await redo({}), "invoice_item_id");
    await expectValidationError(await redo({ invoice_item_id: 0 }), "invoice_item_id");
  });
});

test.describe("invoice actions: documents", () => {
  test("pdf is a real PDF with a file name", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    for (const id of [invoice.id, invoice.unique_id]) {
      const response = await seller.get(`/v1/shops/${shopId}/invoices/${id}/pdf`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect(response.headers()["content-disposition"]).toMatch(/filename="invoice-\d+\.pdf"/);
      const body = await response.body();
      expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(body.subarray(-6).toString("latin1")).toContain("%%EOF");
    }
  });

  test("email-preview is the delivery email's HTML", async ({ seller, shopId }) => {
    const invoice = await newSteamInvoice(seller, shopId);
    const done = await completeInvoice(seller, shopId, invoice.id);
    const response = await seller.get(`/v1/shops/${shopId}/invoices/${invoice.unique_id}/email-preview`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("<!doctype html>");
    expect(html).toContain(invoice.unique_id);
    expect(html).toContain(done.items[0]!.delivered[0]!);
  });
});

test.describe("invoice actions: affiliate commission", () => {
  test("reverses a credited commission once; none credited is 422", async ({ seller, shopId }) => {
    const fresh = await newSteamInvoice(seller, shopId);
    await completeInvoice(seller, shopId, fresh.id);
    await expectStateConflict(await invoiceAction(seller, shopId, fresh.id, "reverse-affiliate-commission"));

    // Seeded paid orders carry affiliate commissions; find one not yet reversed.
    let reversedId: number | null = null;
    for (let id = 1; id <= 400 && reversedId === null; id++) {
      const response = await invoiceAction(seller, shopId, id, "reverse-affiliate-commission");
      if (response.status() === 200) {
        const reversed = await view(response);
        reversedId = reversed.id;
      } else expect([404, 422]).toContain(response.status());
    }
    expect(reversedId).not.toBeNull();
    const before = await view(await seller.get(`/v1/shops/${shopId}/invoices/${reversedId}`));
    await expectStateConflict(await invoiceAction(seller, shopId, reversedId!, "reverse-affiliate-commission"));
    expect((await view(await seller.get(`/v1/shops/${shopId}/invoices/${reversedId}`))).status).toBe(before.status);
  });
});
