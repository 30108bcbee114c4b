import { sellerPageOf, timestamp } from "../api/schemas";
import { blankAsAbsent } from "../validation/blank";
import { boolean, integer, list, requiredText } from "../validation/fields";
import { notFound } from "../api/errors";
import { numericId, recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";
import * as z from "../validation/zod";

/**
 * Support ticket request and response schemas, shared by the routes, the
 * OpenAPI document, the buyer's pages and the dashboard. A ticket is a
 * thread between a shop and a buyer (by e-mail), usually about an invoice;
 * message bodies are plain text, shown escaped everywhere.
 */

export const SUBJECT_MAX = 200;
export const CONTENT_MAX = 5000;
export const TICKET_STATUSES = ["open", "closed"] as const;
export const MESSAGE_AUTHORS = ["buyer", "seller"] as const;
/** Images one message may carry. */
export const ATTACHMENTS_MAX = 5;

const content = requiredText(CONTENT_MAX);

/** POST /v1/buyer/invoices/{uniqueId}/tickets: the buyer opens a ticket about their order. */
export const openBuyerTicketBody = z.object({ subject: requiredText(SUBJECT_MAX), message: content });
export type OpenBuyerTicketInput = z.output<typeof openBuyerTicketBody>;

/**
 * POST /v1/buyer/tickets/{ticketToken}/messages and POST .../tickets/{ticketId}/messages.
 * `image_ids`: images only, stored by the upload rules of the shop's images
 * (the seller's from `POST .../images`, the buyer's from the thread's
 * `POST /v1/buyer/tickets/{ticketToken}/images`).
 */
export const ticketMessageBody = z.object({
  content,
  image_ids: blankAsAbsent(
    list(recordId()).refine((ids) => ids.length <= ATTACHMENTS_MAX, { message: `A message may carry at most ${ATTACHMENTS_MAX} images.` }),
  ),
});
export type TicketMessageInput = z.output<typeof ticketMessageBody>;

/** POST /v1/shops/{shopId}/tickets: about a customer or an invoice of the shop (at least one); `message` is the first one, e-mailed. */
export const createTicketBody = z
  .object({
    customer_id: blankAsAbsent(recordId()),
    invoice_id: blankAsAbsent(recordId()),
    subject: requiredText(SUBJECT_MAX),
    message: blankAsAbsent(content),
  })
  .superRefine((body, ctx) => {
    if (body.customer_id === undefined && body.invoice_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["customer_id"], message: "The customer id field is required when invoice id is not present." });
    }
  });
export type CreateTicketInput = z.output<typeof createTicketBody>;

/** GET /v1/shops/{shopId}/tickets: the latest activity first. */
export const listTicketsQuery = z
  .object({
    ...pageFields,
    status: blankAsAbsent(z.enum(TICKET_STATUSES)),
    archived: blankAsAbsent(boolean()).describe("true: only archived tickets; false: only the others; absent: both."),
    invoice_id: blankAsAbsent(integer({ min: 1 })),
    customer_id: blankAsAbsent(integer({ min: 1 })),
  })
  .transform(withPageDefaults);
export type ListTicketsQuery = z.output<typeof listTicketsQuery>;

// ---------------------------------------------------------------- responses

export const ticketAttachmentView = z
  .object({ id: z.int(), url: z.string().describe("The image, served from /cdn."), filename: z.string(), mime_type: z.string() })
  .meta({ id: "TicketAttachment" });
export type TicketAttachmentView = z.output<typeof ticketAttachmentView>;

export const ticketMessageView = z
  .object({
    id: z.int(),
    author: z.enum(MESSAGE_AUTHORS),
    user_id: z.int().nullable().describe("The member who wrote a seller message."),
    content: z.string().describe("Plain text."),
    attachments: z.array(ticketAttachmentView),
    created_at: timestamp,
  })
  .meta({ id: "TicketMessage" });
export type TicketMessageView = z.output<typeof ticketMessageView>;

export const ticketSummaryView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    invoice_id: z.int().nullable(),
    invoice_unique_id: z.string().nullable(),
    customer_id: z.int().nullable(),
    email: z.string().describe("Where the seller's messages are e-mailed."),
    subject: z.string(),
    status: z.enum(TICKET_STATUSES),
    archived: z.boolean(),
    last_message_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "TicketSummary" });
export type TicketSummaryView = z.output<typeof ticketSummaryView>;

export const ticketView = ticketSummaryView
  .extend({ messages: z.array(ticketMessageView).describe("Oldest first.") })
  .meta({ id: "Ticket" });
export type TicketView = z.output<typeof ticketView>;

export const ticketPage = sellerPageOf(ticketSummaryView);

/** A ticket as listed on the buyer's page of its invoice. */
export const buyerTicketSummary = z
  .object({
    subject: z.string(),
    status: z.enum(TICKET_STATUSES),
    url: z.string().describe("The thread's page (a signed link: no account needed)."),
    created_at: timestamp,
  })
  .meta({ id: "BuyerTicketSummary" });
export type BuyerTicketSummary = z.output<typeof buyerTicketSummary>;

/** The buyer's thread page (GET /v1/buyer/tickets/{ticketToken}). */
export const buyerTicketView = z
  .object({
    shop_name: z.string(),
    subject: z.string(),
    status: z.enum(TICKET_STATUSES),
    invoice_unique_id: z.string().nullable(),
    url: z.string().describe("This thread's page."),
    created_at: timestamp,
    messages: z.array(ticketMessageView.pick({ id: true, author: true, content: true, attachments: true, created_at: true })),
  })
  .meta({ id: "BuyerTicket" });
export type BuyerTicketView = z.output<typeof buyerTicketView>;

/** The buyer's thread: `{ticketToken}` is the ticket's id and its signature. */
export const ticketTokenParams = z.object({ ticketToken: z.string() });

/** `{ticketId}` and `{messageId}`: a non-numeric id names no record (404), like idParams. */
export const ticketMessageParams = z
  .object({ ticketId: z.string(), messageId: z.string() })
  .passthrough()
  .transform((params) => {
    const ticketId = numericId(params.ticketId);
    if (ticketId === null) throw notFound("Ticket");
    const messageId = numericId(params.messageId);
    if (messageId === null) throw notFound("Message");
    return { ticketId, messageId };
  });
