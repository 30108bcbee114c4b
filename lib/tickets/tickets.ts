import { Prisma, query, type Db, type PrismaClient } from "../db";
import { invalid, notFound, validationFailed } from "../api/errors";
import { offsetOf } from "../api/pagination";
import type { Ticket, TicketMessage } from "../generated/prisma/client";
import { imageUrl } from "../images/url";
import { unknownIdErrors } from "../validation/shop-records";
import { renderBuyerMessageEmail, renderSellerMessageEmail } from "../mail/after-sale";
import { mailShopFrom, mailShopSelect } from "../mail/shop";
import { enqueueEmail } from "../outbox/enqueue";
import { recordEvent } from "../webhooks/events";
import { dashboardTicketUrl, ticketUrl } from "./link";
import type {
  CreateTicketInput,
  ListTicketsQuery,
  TicketAttachmentView,
  TicketMessageInput,
  TicketMessageView,
  TicketSummaryView,
  TicketView,
} from "./schemas";

/**
 * The seller's side of support tickets. Every message is e-mailed to the
 * other side through the outbox, in the transaction that writes it: the
 * seller's to the buyer (with the thread's signed link), the buyer's to the
 * shop's support address, else its owner's.
 */

type TicketRow = Ticket & { invoice: { unique_id: string } | null };
const withInvoice = { invoice: { select: { unique_id: true } } } as const;

function serializeSummary(row: TicketRow): TicketSummaryView {
  return {
    id: row.id,
    shop_id: row.shop_id,
    invoice_id: row.invoice_id,
    invoice_unique_id: row.invoice?.unique_id ?? null,
    customer_id: row.customer_id,
    email: row.email,
    subject: row.subject,
    status: row.status as TicketSummaryView["status"],
    archived: row.archived,
    last_message_at: row.last_message_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const attachmentSelect = { id: true, cdn_image_id: true, filename: true, mime_type: true } as const;

export function attachmentView(image: { id: number; cdn_image_id: string; filename: string; mime_type: string }): TicketAttachmentView {
  return { id: image.id, url: imageUrl(image.cdn_image_id)!, filename: image.filename, mime_type: image.mime_type };
}

/** The attached images of messages, by id, in one read; a deleted image is no longer shown. */
export async function attachmentsOf(db: Db, messages: TicketMessage[]): Promise<Map<number, TicketAttachmentView>> {
  const ids = [...new Set(messages.flatMap((message) => message.image_ids))];
  if (!ids.length) return new Map();
  const images = await db.image.findMany({ where: { id: { in: ids }, deleted_at: null }, select: attachmentSelect });
  return new Map(images.map((image) => [image.id, attachmentView(image)]));
}

export function serializeMessage(message: TicketMessage, attachments: Map<number, TicketAttachmentView>): TicketMessageView {
  return {
    id: message.id,
    author: message.author as TicketMessageView["author"],
    user_id: message.user_id,
    content: message.content,
    attachments: message.image_ids.flatMap((id) => attachments.get(id) ?? []),
    created_at: message.created_at.toISOString(),
  };
}

export async function ticketView(db: Db, shopId: number, ticketId: number): Promise<TicketView> {
  const row = await db.ticket.findFirst({
    where: { id: ticketId, shop_id: shopId },
    include: { ...withInvoice, messages: { orderBy: { id: "asc" } } },
  });
  if (!row) throw notFound("Ticket");
  const attachments = await attachmentsOf(db, row.messages);
  return { ...serializeSummary(row), messages: row.messages.map((message) => serializeMessage(message, attachments)) };
}

export const ticketEvent = async (tx: Db, shopId: number, ticketId: number, messageId?: number) => ({
  object: await ticketView(tx, shopId, ticketId),
  ...(messageId === undefined ? {} : { message_id: messageId }),
});

export async function listTickets(db: Db, shopId: number, query: ListTicketsQuery) {
  const where: Prisma.TicketWhereInput = {
    shop_id: shopId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.archived !== undefined ? { archived: query.archived } : {}),
    ...(query.invoice_id !== undefined ? { invoice_id: query.invoice_id } : {}),
    ...(query.customer_id !== undefined ? { customer_id: query.customer_id } : {}),
  };
  const [rows, total] = await Promise.all([
    db.ticket.findMany({
      where,
      include: withInvoice,
      orderBy: [{ last_message_at: "desc" }, { id: "desc" }],
      skip: offsetOf(query),
      take: query.perPage,
    }),
    db.ticket.count({ where }),
  ]);
  return { data: rows.map(serializeSummary), total };
}

type Author = { author: "buyer" } | { author: "seller"; userId: number };

/**
 * The images a message may carry: the seller any live image of the shop,
 * the buyer only the ones uploaded on a thread of the shop (not its
 * catalog's). Anything else is 422 on `image_ids.N`.
 */
async function refuseStrangeImages(tx: Db, shopId: number, ids: number[], by: Author) {
  if (!ids.length) return;
  const found = await tx.image.findMany({
    where: { id: { in: ids }, shop_id: shopId, deleted_at: null, ...(by.author === "buyer" ? { ticket_upload: true } : {}) },
    select: { id: true },
  });
  const errors = unknownIdErrors(ids, found, "image_ids");
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/**
 * Adds a message to a ticket (its row locked, so the thread's order and
 * `last_message_at` agree), e-mails it to the other side and records
 * `ticket.message`. A buyer's message reopens a closed ticket.
 */
export async function addMessage(
  tx: Db,
  shopId: number,
  ticketId: number,
  { content, image_ids: imageIds = [] }: TicketMessageInput,
  by: Author,
  event = true,
) {
  const [locked] = await query<{ id: number }>(
    tx,
    Prisma.sql`
    SELECT "id" FROM "tickets" WHERE "id" = ${ticketId} AND "shop_id" = ${shopId} FOR UPDATE`,
  );
  if (!locked) throw notFound("Ticket");
  await refuseStrangeImages(tx, shopId, imageIds, by);
  const message = await tx.ticketMessage.create({
    data: { ticket_id: ticketId, author: by.author, user_id: by.author === "seller" ? by.userId : null, content, image_ids: imageIds },
  });
  const ticket = await tx.ticket.update({
    where: { id: ticketId },
    data: { last_message_at: message.created_at, ...(by.author === "buyer" ? { status: "open" } : {}) },
    include: { shop: { select: { ...mailShopSelect, support_email: true, owner: { select: { email: true } } } } },
  });
  const shop = mailShopFrom(ticket.shop);
  const mailed = { shop, ticketId, subject: ticket.subject, content };
  if (by.author === "seller") {
    const mail = await renderSellerMessageEmail({ ...mailed, link: ticketUrl(ticketId) });
    await enqueueEmail(tx, { shopId, invoiceId: ticket.invoice_id, to: ticket.email, kind: "ticket_message", ...mail });
  } else {
    const mail = await renderBuyerMessageEmail({ ...mailed, email: ticket.email, link: dashboardTicketUrl(shopId, ticketId) });
    const to = ticket.shop.support_email ?? ticket.shop.owner.email;
    await enqueueEmail(tx, { shopId, invoiceId: ticket.invoice_id, to, kind: "ticket_message", ...mail });
  }
  if (event) await recordEvent(tx, shopId, "ticket.message", () => ticketEvent(tx, shopId, ticketId, message.id));
  return message;
}

/**
 * POST /v1/shops/{shopId}/tickets: about an invoice of the shop (the buyer's
 * address is its e-mail) and/or a customer (theirs). A first `message` is
 * e-mailed to the buyer with the thread's link.
 */
export async function createTicket(client: PrismaClient, shopId: number, userId: number, input: CreateTicketInput): Promise<TicketView> {
  return client.$transaction(async (tx) => {
    const invoice =
      input.invoice_id === undefined
        ? null
        : await tx.invoice.findFirst({
            where: { id: input.invoice_id, shop_id: shopId, reseller_id: null },
            select: { id: true, email: true, customer_id: true },
          });
    if (input.invoice_id !== undefined && !invoice) throw invalid("invoice_id", "The selected invoice id is invalid.");
    const customer =
      input.customer_id === undefined
        ? null
        : await tx.customer.findFirst({ where: { id: input.customer_id, shop_id: shopId }, select: { id: true, email: true } });
    if (input.customer_id !== undefined && !customer) throw invalid("customer_id", "The selected customer id is invalid.");
    const ticket = await tx.ticket.create({
      data: {
        shop_id: shopId,
        invoice_id: invoice?.id ?? null,
        customer_id: customer?.id ?? invoice?.customer_id ?? null,
        email: invoice?.email ?? customer!.email,
        subject: input.subject,
      },
    });
    if (input.message) await addMessage(tx, shopId, ticket.id, { content: input.message }, { author: "seller", userId }, false);
    await recordEvent(tx, shopId, "ticket.created", () => ticketEvent(tx, shopId, ticket.id));
    return ticketView(tx, shopId, ticket.id);
  });
}

/** POST .../tickets/{ticketId}/messages: the seller's answer, e-mailed to the buyer. */
export async function sellerMessage(client: PrismaClient, shopId: number, ticketId: number, userId: number, input: TicketMessageInput) {
  return client.$transaction(async (tx) => {
    await addMessage(tx, shopId, ticketId, input, { author: "seller", userId });
    return ticketView(tx, shopId, ticketId);
  });
}

const CHANGES = {
  close: { status: "closed" },
  reopen: { status: "open" },
  archive: { archived: true },
  unarchive: { archived: false },
} as const;
export type TicketChange = keyof typeof CHANGES;

/** POST .../tickets/{ticketId}/close|reopen|archive|unarchive: idempotent (closing a closed ticket changes nothing). */
export async function changeTicket(db: Db, shopId: number, ticketId: number, change: TicketChange): Promise<TicketView> {
  const { count } = await db.ticket.updateMany({ where: { id: ticketId, shop_id: shopId }, data: CHANGES[change] });
  if (!count) throw notFound("Ticket");
  return ticketView(db, shopId, ticketId);
}

/** DELETE .../tickets/{ticketId}/messages/{messageId}: a message written by mistake (or abuse) leaves the thread. */
export async function deleteTicketMessage(db: Db, shopId: number, ticketId: number, messageId: number) {
  const { count } = await db.ticketMessage.deleteMany({ where: { id: messageId, ticket_id: ticketId, ticket: { shop_id: shopId } } });
  if (!count) throw notFound("Message");
  return { message: "Message deleted." };
}
