import { sellerPageOf, timestamp } from "../api/schemas";
import { blankAsAbsent } from "../validation/blank";
import { boolean, integer, requiredText } from "../validation/fields";
import { pageFields, withPageDefaults } from "../validation/paging";
import * as z from "../validation/zod";

/**
 * Feedback request and response schemas, shared by the routes, the OpenAPI
 * document, the buyer's page and the dashboard. A buyer rates a completed
 * invoice once (1-5 and a message) within the shop's window
 * (`feedback_window_days` after completion); the seller replies, or
 * disputes an unfair rating, which leaves it out of the products' averages.
 */

export const MESSAGE_MAX = 2000;
export const REPLY_MAX = 2000;
export const REASON_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

const rating = integer({ min: RATING_MIN, max: RATING_MAX });

/** POST /v1/buyer/invoices/{uniqueId}/feedback */
export const leaveFeedbackBody = z.object({ rating, message: requiredText(MESSAGE_MAX) });
export type LeaveFeedbackInput = z.output<typeof leaveFeedbackBody>;

/** GET /v1/shops/{shopId}/feedbacks: newest first. */
export const listFeedbacksQuery = z
  .object({
    ...pageFields,
    rating: blankAsAbsent(rating),
    product_id: blankAsAbsent(integer({ min: 1 })).describe("Feedback on invoices holding this product."),
    replied: blankAsAbsent(boolean()).describe("true: only feedback the seller replied to; false: only unanswered."),
    disputed: blankAsAbsent(boolean()).describe("true: only disputed feedback; false: only undisputed."),
  })
  .transform(withPageDefaults);
export type ListFeedbacksQuery = z.output<typeof listFeedbacksQuery>;

/** POST .../feedbacks/{feedbackId}/reply: a later reply replaces the earlier one. */
export const replyFeedbackBody = z.object({ reply: requiredText(REPLY_MAX) });
export type ReplyFeedbackInput = z.output<typeof replyFeedbackBody>;

/** POST .../feedbacks/{feedbackId}/dispute */
export const disputeFeedbackBody = z.object({ reason: requiredText(REASON_MAX) });
export type DisputeFeedbackInput = z.output<typeof disputeFeedbackBody>;

// ---------------------------------------------------------------- responses

export const feedbackView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    invoice_id: z.int(),
    invoice_unique_id: z.string(),
    email: z.string(),
    rating: z.int().describe("1 to 5."),
    message: z.string().describe("Plain text, as the buyer wrote it."),
    product_ids: z.array(z.int()).describe("The invoice's products when the feedback was left."),
    reply: z.string().nullable(),
    replied_at: timestamp.nullable(),
    disputed: z.boolean().describe("Contested by the seller: left out of the products' average ratings."),
    dispute_reason: z.string().nullable(),
    disputed_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Feedback" });
export type FeedbackView = z.output<typeof feedbackView>;

export const feedbackPage = sellerPageOf(feedbackView);

/** What the buyer sees of their feedback (on the invoice's page and in the answer to leaving it). */
export const buyerFeedbackView = z
  .object({
    rating: z.int(),
    message: z.string(),
    reply: z.string().nullable(),
    created_at: timestamp,
    coupon_code: z
      .string()
      .nullable()
      .describe("The feedback coupon of the invoice's product, when the rating reaches the product's `feedback_coupon_min_rating`."),
  })
  .meta({ id: "BuyerFeedback" });
export type BuyerFeedbackView = z.output<typeof buyerFeedbackView>;
