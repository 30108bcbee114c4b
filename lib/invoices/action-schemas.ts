import { blankAsAbsent } from "../validation/blank";
import { money } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";

/**
 * Request bodies of the invoice actions (spec "Invoices (seller)"), shared by
 * the routes, the OpenAPI document and the dashboard forms.
 */

/** Decimal(14, 2) holds more, but the spec family caps money at 999,999,999.99. */
const MAX_MONEY = 999_999_999.99;

/** The seller's override: any of the four, from any state. */
export const SETTABLE_STATUSES = ["completed", "cancelled", "failed", "refunded"] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

export const setStatusSchema = z.object({ status: z.enum(SETTABLE_STATUSES) });

const noteValue = z.preprocess(
  (value) => (value === "" ? null : value),
  z.union([z.string().max(5000), z.null()], { error: "The dashboard note field must be a string." }),
);

/**
 * PUT dashboard-note: `dashboard_note` must be sent; a string of at most 5000
 * characters sets the note, null or "" clears it. Clients of this API family
 * send it as `note`, accepted alike (`dashboard_note` wins when both are sent).
 */
export const dashboardNoteSchema = z
  .object({ dashboard_note: noteValue.optional(), note: noteValue.optional() })
  .superRefine((body, context) => {
    if (body.dashboard_note === undefined && body.note === undefined) {
      context.addIssue({ code: "custom", path: ["dashboard_note"], message: "The dashboard note field must be present." });
    }
  })
  .transform(({ dashboard_note, note }) => ({ dashboard_note: (dashboard_note === undefined ? note : dashboard_note) ?? null }));

/**
 * POST refund: an empty body is the refund as it always was (the status
 * only); `to: "balance"` also credits what the buyer paid to their store
 * credit (needs `customers:balance` as well).
 */
export const refundSchema = z.object({ to: blankAsAbsent(z.enum(["balance"])) });
export type RefundInput = z.output<typeof refundSchema>;

/** PUT paid-amount: what was actually received, in the invoice currency and in USD. */
export const paidAmountSchema = z.object({
  paid: money({ min: 0, max: MAX_MONEY }),
  paid_usd: money({ min: 0, max: MAX_MONEY }),
});

const httpUrl = z
  .string()
  .max(2048)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "The tracking link field must be a valid URL.");

/** POST ship: both optional; the shipment time is always recorded. */
export const shipSchema = z.object({
  tracking_code: blankAsAbsent(z.string().max(255)),
  tracking_link: blankAsAbsent(httpUrl),
});

/**
 * POST replace-delivered: `replacements` maps a delivered line of the item
 * (its 0-based index in `delivered`, or its exact text) to the new line.
 * `{"0": "NEW-KEY"}` or `{"OLD-KEY": "NEW-KEY"}`.
 */
export const replaceDeliveredSchema = z.object({
  invoice_item_id: recordId(),
  replacements: z
    .record(z.string().max(5000), z.string().trim().min(1).max(5000))
    .refine((value) => Object.keys(value).length > 0, "The replacements field is required.")
    .refine((value) => Object.keys(value).length <= 1000, "The replacements field must not have more than 1000 items."),
});
export type ReplaceDeliveredInput = z.output<typeof replaceDeliveredSchema>;

export const redoDynamicDeliverySchema = z.object({ invoice_item_id: recordId() });

/** POST resend-email: to another address, or the invoice's own when omitted. */
export const resendEmailSchema = z.object({ email: blankAsAbsent(z.email().max(255)) });
