import { execute, Prisma, query, type Db, type PrismaClient } from "../db";
import { notFound, stateConflict } from "../api/errors";
import { offsetOf } from "../api/pagination";
import { hitRateLimit } from "../api/rate-limit";
import { uniqueViolation } from "../api/prisma-errors";
import { appUrl } from "../env";
import type { Feedback } from "../generated/prisma/client";
import { renderFeedbackCouponEmail } from "../mail/after-sale";
import { mailShopFrom, mailShopSelect } from "../mail/shop";
import { enqueueEmail } from "../outbox/enqueue";
import { recordEvent } from "../webhooks/events";
import type {
  BuyerFeedbackView,
  DisputeFeedbackInput,
  FeedbackView,
  LeaveFeedbackInput,
  ListFeedbacksQuery,
  ReplyFeedbackInput,
} from "./schemas";

/**
 * Buyers' feedback: one per completed invoice, left from the buyer's page
 * within the shop's window; the seller replies or disputes. Each product of
 * the invoice counts the feedback in `feedback_count` and
 * `feedback_rating_sum`, changed in the feedback's own transaction (an
 * atomic increment, so concurrent feedback never loses a count), so the
 * product record's average costs no aggregate; a dispute takes it back out.
 */

/** Feedback one client address may leave per ten minutes (a buyer with a few orders, not a script). */
export const FEEDBACK_LIMIT_PER_CLIENT = 10;
const CLIENT_WINDOW_SECONDS = 600;

const ALREADY_LEFT = "Feedback was already left for this order.";

type FeedbackRow = Feedback & { invoice: { unique_id: string } };
const withInvoice = { invoice: { select: { unique_id: true } } } as const;

export function serializeFeedback(row: FeedbackRow): FeedbackView {
  return {
    id: row.id,
    shop_id: row.shop_id,
    invoice_id: row.invoice_id,
    invoice_unique_id: row.invoice.unique_id,
    email: row.email,
    rating: row.rating,
    message: row.message,
    product_ids: row.product_ids,
    reply: row.reply,
    replied_at: row.replied_at?.toISOString() ?? null,
    disputed: row.disputed_at !== null,
    dispute_reason: row.dispute_reason,
    disputed_at: row.disputed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const feedbackEvent = async (tx: Db, feedbackId: number) => ({
  object: serializeFeedback(await tx.feedback.findUniqueOrThrow({ where: { id: feedbackId }, include: withInvoice })),
});

/** The products' counters, moved by one feedback of `rating` (sign -1 takes it back). */
async function countOnProducts(tx: Db, productIds: number[], rating: number, sign: 1 | -1) {
  if (!productIds.length) return;
  await execute(
    tx,
    Prisma.sql`
    UPDATE "products" SET "feedback_count" = "feedback_count" + ${sign}, "feedback_rating_sum" = "feedback_rating_sum" + ${sign * rating}
    WHERE "id" IN (${Prisma.join(productIds)})`,
  );
}

type CouponItem = { product: { feedback_coupon_min_rating: number; feedback_coupon: { code: string } | null } | null };

/** The coupon a rating earns: the first item's product (in the invoice's order) whose feedback coupon it reaches. */
export function earnedCoupon(items: CouponItem[], rating: number): string | null {
  for (const item of items) {
    const product = item.product;
    if (product?.feedback_coupon && rating >= product.feedback_coupon_min_rating) return product.feedback_coupon.code;
  }
  return null;
}

export const couponItemsSelect = {
  orderBy: { id: "asc" },
  select: {
    product_id: true,
    product: { select: { feedback_coupon_min_rating: true, feedback_coupon: { select: { code: true } } } },
  },
} as const;

export function buyerFeedbackOf(feedback: Feedback, items: CouponItem[]): BuyerFeedbackView {
  return {
    rating: feedback.rating,
    message: feedback.message,
    reply: feedback.reply,
    created_at: feedback.created_at.toISOString(),
    coupon_code: earnedCoupon(items, feedback.rating),
  };
}

/** Until when the buyer of an invoice completed at `completedAt` may leave feedback; null: not (feedback off, or not completed). */
export function feedbackClosesAt(completedAt: Date | null, windowDays: number): Date | null {
  if (!completedAt || windowDays <= 0) return null;
  return new Date(completedAt.getTime() + windowDays * 86_400_000);
}

/**
 * POST /v1/buyer/invoices/{uniqueId}/feedback. The invoice row is locked
 * first, so two posts for one invoice queue and the second sees the first
 * (the unique index on invoice_id is the backstop). A rating that reaches
 * a product's feedback coupon is answered with its code and e-mailed.
 */
export async function leaveFeedback(
  client: PrismaClient,
  uniqueId: string | null,
  input: LeaveFeedbackInput,
  clientIp: string,
): Promise<BuyerFeedbackView> {
  if (uniqueId === null) throw notFound("Invoice");
  await hitRateLimit(client, `feedback:client:${clientIp}`, FEEDBACK_LIMIT_PER_CLIENT, CLIENT_WINDOW_SECONDS);
  try {
    return await client.$transaction(async (tx) => {
      const [locked] = await query<{ id: number }>(
        tx,
        Prisma.sql`
        SELECT "id" FROM "invoices" WHERE "unique_id" = ${uniqueId} AND "reseller_id" IS NULL FOR UPDATE`,
      );
      if (!locked) throw notFound("Invoice");
      const invoice = await tx.invoice.findUniqueOrThrow({
        where: { id: locked.id },
        select: {
          id: true,
          shop_id: true,
          unique_id: true,
          email: true,
          status: true,
          completed_at: true,
          feedback: { select: { id: true } },
          shop: { select: { ...mailShopSelect, feedback_window_days: true } },
          items: couponItemsSelect,
        },
      });
      if (invoice.status !== "completed") throw stateConflict("Feedback can be left only on a completed order.");
      if (invoice.shop.feedback_window_days <= 0) throw stateConflict("This shop does not take feedback.");
      const closes = feedbackClosesAt(invoice.completed_at, invoice.shop.feedback_window_days);
      if (!closes || closes.getTime() < Date.now()) throw stateConflict("The time to leave feedback on this order has passed.");
      if (invoice.feedback) throw stateConflict(ALREADY_LEFT);
      const productIds = [...new Set(invoice.items.flatMap((item) => (item.product_id === null ? [] : [item.product_id])))];
      const feedback = await tx.feedback.create({
        data: {
          shop_id: invoice.shop_id,
          invoice_id: invoice.id,
          email: invoice.email,
          rating: input.rating,
          message: input.message,
          product_ids: productIds,
        },
      });
      await countOnProducts(tx, productIds, input.rating, 1);
      const view = buyerFeedbackOf(feedback, invoice.items);
      if (view.coupon_code) {
        const mail = await renderFeedbackCouponEmail({
          shop: mailShopFrom(invoice.shop),
          code: view.coupon_code,
          pageUrl: `${appUrl()}/invoice/${invoice.unique_id}`,
        });
        await enqueueEmail(tx, { shopId: invoice.shop_id, invoiceId: invoice.id, to: invoice.email, kind: "feedback_coupon", ...mail });
      }
      await recordEvent(tx, invoice.shop_id, "feedback.created", () => feedbackEvent(tx, feedback.id));
      return view;
    });
  } catch (error) {
    if (uniqueViolation(error)?.covers("invoice_id")) throw stateConflict(ALREADY_LEFT);
    throw error;
  }
}

export async function listFeedbacks(db: Db, shopId: number, query: ListFeedbacksQuery) {
  const where: Prisma.FeedbackWhereInput = {
    shop_id: shopId,
    ...(query.rating !== undefined ? { rating: query.rating } : {}),
    ...(query.product_id !== undefined ? { product_ids: { has: query.product_id } } : {}),
    ...(query.replied !== undefined ? { replied_at: query.replied ? { not: null } : null } : {}),
    ...(query.disputed !== undefined ? { disputed_at: query.disputed ? { not: null } : null } : {}),
  };
  const [rows, total] = await Promise.all([
    db.feedback.findMany({ where, include: withInvoice, orderBy: { id: "desc" }, skip: offsetOf(query), take: query.perPage }),
    db.feedback.count({ where }),
  ]);
  return { data: rows.map(serializeFeedback), total };
}

export async function getFeedback(db: Db, shopId: number, feedbackId: number): Promise<FeedbackView> {
  const row = await db.feedback.findFirst({ where: { id: feedbackId, shop_id: shopId }, include: withInvoice });
  if (!row) throw notFound("Feedback");
  return serializeFeedback(row);
}

/** The feedback's row, locked for the change (404 when it is not this shop's). */
async function lockFeedback(tx: Db, shopId: number, feedbackId: number) {
  const [row] = await query<{ id: number; rating: number; product_ids: number[]; disputed_at: Date | null }>(
    tx,
    Prisma.sql`
    SELECT "id", "rating", "product_ids", "disputed_at" FROM "feedbacks" WHERE "id" = ${feedbackId} AND "shop_id" = ${shopId} FOR UPDATE`,
  );
  if (!row) throw notFound("Feedback");
  return row;
}

/** POST .../feedbacks/{feedbackId}/reply: shown to the buyer on the invoice's page; a later reply replaces it. */
export async function replyToFeedback(client: PrismaClient, shopId: number, feedbackId: number, input: ReplyFeedbackInput) {
  return client.$transaction(async (tx) => {
    await lockFeedback(tx, shopId, feedbackId);
    await tx.feedback.update({ where: { id: feedbackId }, data: { reply: input.reply, replied_at: new Date() } });
    await recordEvent(tx, shopId, "feedback.replied", () => feedbackEvent(tx, feedbackId));
    return getFeedback(tx, shopId, feedbackId);
  });
}

/**
 * POST .../feedbacks/{feedbackId}/dispute: the seller contests the rating;
 * it leaves the products' averages (once: a disputed feedback cannot be
 * disputed again, so the counters are never taken twice).
 */
export async function disputeFeedback(client: PrismaClient, shopId: number, feedbackId: number, input: DisputeFeedbackInput) {
  return client.$transaction(async (tx) => {
    const row = await lockFeedback(tx, shopId, feedbackId);
    if (row.disputed_at) throw stateConflict("This feedback is already disputed.");
    await tx.feedback.update({ where: { id: feedbackId }, data: { dispute_reason: input.reason, disputed_at: new Date() } });
    await countOnProducts(tx, row.product_ids, row.rating, -1);
    return getFeedback(tx, shopId, feedbackId);
  });
}
