import pg from "pg";
import type { APIRequestContext } from "@playwright/test";
import type { FeedbackView } from "../../lib/feedback/schemas";
import type { ProductView } from "../../lib/catalog/schemas";
import type { BuyerInvoiceView } from "../../lib/checkout/schemas";
import { feedbackOn, leaveFeedbackAs } from "../support/after-sale";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { stockedProduct } from "../support/checkout";
import { completeInvoice, createPendingInvoice } from "../support/invoices";
import { completedInvoice, pendingInvoice } from "../support/openapi-records";
import { smtpListenerForSpec } from "../support/smtp";

/**
 * Buyers' feedback over HTTP: leaving it from the buyer's credential (the
 * invoice's unique id) once, within the shop's window; the seller's list,
 * filters, reply and dispute; the products' averages without disputed
 * feedback; the feedback coupon shown and e-mailed (read from the run's
 * SMTP stand-in, e2e/support/smtp.ts).
 */
test.describe.configure({ mode: "serial" });

const smtp = smtpListenerForSpec();

const MISSING = 999_999_999;

async function product(seller: APIRequestContext, shopId: number, productId: number) {
  return (await (await seller.get(`/v1/shops/${shopId}/products/${productId}`)).json()) as ProductView;
}

/** A completed invoice of one key of the given product. */
async function boughtOf(seller: APIRequestContext, shopId: number, variantId: number, email?: string) {
  const invoice = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], email);
  return completeInvoice(seller, shopId, invoice.id);
}

function setWindow(seller: APIRequestContext, shopId: number, days: number) {
  return seller.put(`/v1/shops/${shopId}/update`, { data: { feedback_window_days: days } });
}

test.describe("feedback", () => {
  test("the guards: no key 401; another seller's shop 404 on every seller route", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/feedbacks` },
      { method: "get", path: (shop) => `/v1/shops/${shop}/feedbacks/1` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/feedbacks/1/reply`, data: { reply: "Thanks" } },
      { method: "post", path: (shop) => `/v1/shops/${shop}/feedbacks/1/dispute`, data: { reason: "Unfair" } },
    ]);
  });

  test("a buyer rates a completed invoice once; the page shows it; a second try, a pending invoice and bad input are refused", async ({
    seller,
    anonymous,
    shopId,
    baseURL,
  }) => {
    const invoice = await completedInvoice(seller, shopId);
    const page = async () => (await (await anonymous.get(`/v1/buyer/invoices/${invoice.unique_id}`)).json()) as BuyerInvoiceView;
    const before = await page();
    expect(before.feedback).toBeNull();
    expect(before.feedback_closes_at).not.toBeNull();

    await expectValidationError(
      await anonymous.post(`/v1/buyer/invoices/${invoice.unique_id}/feedback`, { data: { rating: 6, message: "x" } }),
      "rating",
    );
    await expectValidationError(
      await anonymous.post(`/v1/buyer/invoices/${invoice.unique_id}/feedback`, { data: { rating: 4, message: " " } }),
      "message",
    );
    expect((await leaveFeedbackAs(baseURL!, "nope-not-an-invoice-id", { rating: 5, message: "x" })).status).toBe(404);

    const left = await leaveFeedbackAs(baseURL!, invoice.unique_id, { rating: 4, message: "<b>Good</b> & fast" });
    expect(left.status, JSON.stringify(left.body)).toBe(201);
    expect(left.body).toMatchObject({ rating: 4, message: "<b>Good</b> & fast", reply: null, coupon_code: null });
    const again = await leaveFeedbackAs(baseURL!, invoice.unique_id, { rating: 1, message: "changed my mind" });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ errors: { status: ["Feedback was already left for this order."] } });
    const after = await page();
    expect(after.feedback).toMatchObject({ rating: 4, message: "<b>Good</b> & fast" });
    expect(after.feedback_closes_at).toBeNull();

    // two at once for one invoice: exactly one is taken
    const racing = await completedInvoice(seller, shopId);
    const both = await Promise.all([1, 2].map((rating) => leaveFeedbackAs(baseURL!, racing.unique_id, { rating, message: "race" })));
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 422]);

    const pending = await pendingInvoice(seller, shopId);
    const refused = await leaveFeedbackAs(baseURL!, pending.unique_id, { rating: 5, message: "early" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errors: { status: ["Feedback can be left only on a completed order."] } });
  });

  test("the seller lists, filters, reads, replies (the buyer sees it) and disputes; a dispute takes the rating out of the average", async ({
    seller,
    anonymous,
    shopId,
    baseURL,
  }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, { serials: 3 });
    const [five, three, one] = await Promise.all([5, 3, 1].map(() => boughtOf(seller, shopId, variantId)));
    for (const [invoice, rating] of [
      [five!, 5],
      [three!, 3],
      [one!, 1],
    ] as const) {
      expect((await leaveFeedbackAs(baseURL!, invoice.unique_id, { rating, message: `Rated ${rating}` })).status).toBe(201);
    }
    expect(await product(seller, shopId, productId)).toMatchObject({ average_rating: 3, feedback_count: 3 });

    const list = async (query: string) =>
      (await (await seller.get(`/v1/shops/${shopId}/feedbacks?perPage=100&product_id=${productId}${query}`)).json()) as {
        data: FeedbackView[];
        total: number;
      };
    const all = await list("");
    expect(all.total).toBe(3);
    expect(all.data.map((feedback) => feedback.rating)).toEqual([1, 3, 5]);
    expect((await list("&rating=1")).data.map((feedback) => feedback.invoice_id)).toEqual([one!.id]);
    const lowest = all.data[0]!;
    expect(lowest).toMatchObject({ invoice_unique_id: one!.unique_id, product_ids: [productId], disputed: false, reply: null });

    const replied = await seller.post(`/v1/shops/${shopId}/feedbacks/${lowest.id}/reply`, { data: { reply: "Sorry: we sent a new key." } });
    expect(replied.status(), await replied.text()).toBe(200);
    expect(await replied.json()).toMatchObject({ reply: "Sorry: we sent a new key.", replied_at: expect.any(String) });
    expect((await list("&replied=true")).data.map((feedback) => feedback.id)).toEqual([lowest.id]);
    expect((await list("&replied=false")).total).toBe(2);
    const buyerPage = (await (await anonymous.get(`/v1/buyer/invoices/${one!.unique_id}`)).json()) as BuyerInvoiceView;
    expect(buyerPage.feedback?.reply).toBe("Sorry: we sent a new key.");

    const disputed = await seller.post(`/v1/shops/${shopId}/feedbacks/${lowest.id}/dispute`, {
      data: { reason: "Key was redeemed fine." },
    });
    expect(disputed.status(), await disputed.text()).toBe(200);
    expect(await disputed.json()).toMatchObject({ disputed: true, dispute_reason: "Key was redeemed fine." });
    expect(await product(seller, shopId, productId)).toMatchObject({ average_rating: 4, feedback_count: 2 });
    const twice = await seller.post(`/v1/shops/${shopId}/feedbacks/${lowest.id}/dispute`, { data: { reason: "again" } });
    await expectValidationError(twice, "status");
    expect(await product(seller, shopId, productId)).toMatchObject({ average_rating: 4, feedback_count: 2 });
    expect((await list("&disputed=true")).data.map((feedback) => feedback.id)).toEqual([lowest.id]);

    const got = await seller.get(`/v1/shops/${shopId}/feedbacks/${lowest.id}`);
    expect(await got.json()).toMatchObject({ id: lowest.id, disputed: true, reply: "Sorry: we sent a new key." });
    expect((await seller.get(`/v1/shops/${shopId}/feedbacks/${MISSING}`)).status()).toBe(404);
    expect((await seller.post(`/v1/shops/${shopId}/feedbacks/${MISSING}/reply`, { data: { reply: "x" } })).status()).toBe(404);
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/feedbacks/${lowest.id}/reply`, { data: {} }), "reply");
  });

  test("a rating that reaches the product's feedback coupon is answered with its code and e-mailed; a lower one is not", async ({
    seller,
    shopId,
    baseURL,
  }) => {
    const coupon = await seller.post(`/v1/shops/${shopId}/coupons`, {
      data: { code: `THANKS${Date.now().toString(36).toUpperCase()}`, type: "percentage", discount: 10 },
    });
    expect(coupon.status(), await coupon.text()).toBe(201);
    const { code, id } = (await coupon.json()) as { code: string; id: number };
    const { variantId } = await stockedProduct(seller, shopId, { serials: 2, feedback_coupon: id, feedback_coupon_min_rating: 4 });
    const happy = `happy-${Date.now()}@example.test`;
    const unhappy = `unhappy-${Date.now()}@example.test`;
    const [good, poor] = [await boughtOf(seller, shopId, variantId, happy), await boughtOf(seller, shopId, variantId, unhappy)];

    const earned = await leaveFeedbackAs(baseURL!, good.unique_id, { rating: 4, message: "Good" });
    expect(earned.body).toMatchObject({ coupon_code: code });
    const mail = await smtp.waitFor(happy, (each) => each.subject.startsWith("A coupon for your next order"));
    expect(mail.text).toContain(code);
    const missed = await leaveFeedbackAs(baseURL!, poor.unique_id, { rating: 3, message: "Meh" });
    expect(missed.body).toMatchObject({ coupon_code: null });
  });

  test("the shop's window: closes N days after completion, 0 takes no feedback", async ({ seller, seed, baseURL }) => {
    // the demo seller's second shop: no other spec leaves feedback there
    const shopId = seed.seller.shopIds[1]!;
    const { variantId } = await stockedProduct(seller, shopId, { serials: 2 });
    expect((await setWindow(seller, shopId, 7)).status()).toBe(200);
    try {
      const invoice = await boughtOf(seller, shopId, variantId);
      const page = (await (await seller.get(`/v1/buyer/invoices/${invoice.unique_id}`)).json()) as BuyerInvoiceView;
      expect(Date.parse(page.feedback_closes_at!) - Date.parse(invoice.completed_at!)).toBe(7 * 86_400_000);
      expect((await setWindow(seller, shopId, 0)).status()).toBe(200);
      const off = await leaveFeedbackAs(baseURL!, invoice.unique_id, { rating: 5, message: "Great" });
      expect(off.body).toMatchObject({ errors: { status: ["This shop does not take feedback."] } });
      await expectValidationError(await setWindow(seller, shopId, -1), "feedback_window_days");
    } finally {
      await setWindow(seller, shopId, 30);
    }
  });

  test("past the window the feedback is refused (PostgreSQL: the test moves the completion back)", async ({ seller, shopId, baseURL }) => {
    test.skip(process.env.TEST_TARGET !== "postgres", "the embedded database is the server's alone; the window's end is checked above");
    const invoice = await completedInvoice(seller, shopId);
    const database = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await database.connect();
    try {
      await database.query(`UPDATE invoices SET completed_at = now() - interval '31 days' WHERE id = $1`, [invoice.id]);
    } finally {
      await database.end();
    }
    const late = await leaveFeedbackAs(baseURL!, invoice.unique_id, { rating: 5, message: "Late" });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ errors: { status: ["The time to leave feedback on this order has passed."] } });
  });

  test("the feedback of one shop is not another's", async ({ seller, otherSeller, shopId, foreignShopId, baseURL }) => {
    const { feedback } = await feedbackOn(seller, baseURL!, shopId);
    const foreign = await otherSeller.get(`/v1/shops/${foreignShopId}/feedbacks/${feedback.id}`);
    expect(foreign.status()).toBe(404);
    expect(await foreign.json()).toEqual({ message: "Feedback not found." });
    expect(
      (await otherSeller.post(`/v1/shops/${foreignShopId}/feedbacks/${feedback.id}/dispute`, { data: { reason: "x" } })).status(),
    ).toBe(404);
  });
});
