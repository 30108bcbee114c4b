import { expect, test } from "../support/api";
import { STEAM, completeInvoice, createPendingInvoice, invoiceAction, seededVariantId, type InvoiceView } from "../support/invoices";

/**
 * Serials leave stock exactly once: racing completions of one invoice
 * deliver once, and invoices completed at the same time never share a key.
 */
test.describe("invoice completion under concurrency", () => {
  test("25 parallel completions of one invoice deliver exactly its 3 serials once", async ({ seller, shopId }) => {
    const variantId = await seededVariantId(seller, shopId, ...STEAM);
    const invoice = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 3 }]);

    const responses = await Promise.all(
      Array.from({ length: 25 }, () => invoiceAction(seller, shopId, invoice.id, "status", { status: "completed" })),
    );
    const views: InvoiceView[] = [];
    for (const response of responses) {
      expect(response.status(), await response.text()).toBe(200);
      views.push(await response.json());
    }
    const final = (await (await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`)).json()) as InvoiceView;
    const serials = final.items[0]!.delivered;
    expect(final.status).toBe("completed");
    expect(serials).toHaveLength(3);
    expect(new Set(serials).size).toBe(3);
    // Every answer shows the one delivery, never a second set of keys.
    for (const answer of views) {
      expect(answer.status).toBe("completed");
      expect(answer.items[0]!.delivered).toEqual(serials);
      expect(answer.completed_at).toBe(final.completed_at);
    }

    const next = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 3 }]);
    const nextSerials = (await completeInvoice(seller, shopId, next.id)).items[0]!.delivered;
    expect(nextSerials).toHaveLength(3);
    expect(nextSerials.filter((serial) => serials.includes(serial))).toEqual([]);
  });

  test("invoices completed at the same time never share a serial", async ({ seller, shopId }) => {
    const variantId = await seededVariantId(seller, shopId, ...STEAM);
    const invoices = await Promise.all(
      Array.from({ length: 8 }, () => createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 2 }])),
    );
    // Each invoice is completed twice at once, all 16 requests in parallel.
    const responses = await Promise.all(
      invoices.flatMap((invoice) => [
        invoiceAction(seller, shopId, invoice.id, "status", { status: "completed" }),
        invoiceAction(seller, shopId, invoice.unique_id, "deliver"),
      ]),
    );
    for (const response of responses) expect(response.status(), await response.text()).toBe(200);

    const all: string[] = [];
    for (const invoice of invoices) {
      const final = (await (await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`)).json()) as InvoiceView;
      expect(final.status).toBe("completed");
      expect(final.items[0]!.delivered).toHaveLength(2);
      all.push(...final.items[0]!.delivered);
    }
    expect(new Set(all).size).toBe(all.length);
  });

  test("racing state changes apply once: one refund and one cancel win, the rest are state conflicts", async ({ seller, shopId }) => {
    const variantId = await seededVariantId(seller, shopId, ...STEAM);
    const paid = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }]);
    await completeInvoice(seller, shopId, paid.id);
    const pending = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }]);
    const [refunds, cancels] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => invoiceAction(seller, shopId, paid.id, "refund"))),
      Promise.all(Array.from({ length: 10 }, () => invoiceAction(seller, shopId, pending.id, "cancel"))),
    ]);
    for (const responses of [refunds, cancels]) {
      const statuses = responses.map((response) => response.status()).sort();
      expect(statuses).toEqual([200, ...Array(9).fill(422)]);
    }
  });
});
