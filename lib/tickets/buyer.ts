import type { Db, PrismaClient } from "../db";
import { notFound } from "../api/errors";
import { hitRateLimits } from "../api/rate-limit";
import { storeImage, type Upload } from "../images/upload";
import { recordEvent } from "../webhooks/events";
import { ticketIdOf, ticketPath } from "./link";
import type { BuyerTicketSummary, BuyerTicketView, OpenBuyerTicketInput, TicketMessageInput } from "./schemas";
import { addMessage, attachmentSelect, attachmentView, attachmentsOf, serializeMessage, ticketEvent } from "./tickets";

/**
 * The buyer's side of support tickets, without an account: a ticket is
 * opened from the invoice's page (its unguessable id is the credential) and
 * read and answered on the thread's page (its signed link, lib/tickets/link.ts).
 * Each buyer message e-mails the shop, so they are limited per client
 * address and per invoice or ticket: a bot cannot flood a shop's inbox.
 */

const HOUR = 3600;
const TEN_MINUTES = 600;
/** Tickets one client address may open per ten minutes, and one invoice may have opened per day. */
export const OPEN_LIMIT_PER_CLIENT = 10;
export const OPEN_LIMIT_PER_INVOICE = 5;
/** Messages one client address may post per ten minutes, and one ticket may receive from its buyer per hour. */
export const MESSAGE_LIMIT_PER_CLIENT = 30;
export const MESSAGE_LIMIT_PER_TICKET = 20;

async function refuseFlood(db: Db, limits: { key: string; limit: number; windowSeconds: number }[]) {
  const results = await hitRateLimits(db, limits);
  results.find((result) => result.over)?.refuse();
}

/** The tickets of an invoice as its buyer's page lists them, newest first. */
export async function buyerTicketsOf(db: Db, invoiceId: number): Promise<BuyerTicketSummary[]> {
  const tickets = await db.ticket.findMany({
    where: { invoice_id: invoiceId },
    orderBy: { id: "desc" },
    select: { id: true, subject: true, status: true, created_at: true },
  });
  return tickets.map((ticket) => ({
    subject: ticket.subject,
    status: ticket.status as BuyerTicketSummary["status"],
    url: ticketPath(ticket.id),
    created_at: ticket.created_at.toISOString(),
  }));
}

/** POST /v1/buyer/invoices/{uniqueId}/tickets: the first message is e-mailed to the shop; `ticket.created` is recorded. */
export async function openBuyerTicket(
  client: PrismaClient,
  uniqueId: string | null,
  input: OpenBuyerTicketInput,
  clientIp: string,
): Promise<BuyerTicketView> {
  if (uniqueId === null) throw notFound("Invoice");
  const invoice = await client.invoice.findUnique({
    where: { unique_id: uniqueId },
    select: { id: true, shop_id: true, email: true, customer_id: true, reseller_id: true },
  });
  if (!invoice || invoice.reseller_id !== null) throw notFound("Invoice");
  await refuseFlood(client, [
    { key: `ticket-open:client:${clientIp}`, limit: OPEN_LIMIT_PER_CLIENT, windowSeconds: TEN_MINUTES },
    { key: `ticket-open:invoice:${invoice.id}`, limit: OPEN_LIMIT_PER_INVOICE, windowSeconds: 24 * HOUR },
  ]);
  const ticketId = await client.$transaction(async (tx) => {
    const ticket = await tx.ticket.create({
      data: {
        shop_id: invoice.shop_id,
        invoice_id: invoice.id,
        customer_id: invoice.customer_id,
        email: invoice.email,
        subject: input.subject,
      },
    });
    await addMessage(tx, invoice.shop_id, ticket.id, { content: input.message }, { author: "buyer" }, false);
    await recordEvent(tx, invoice.shop_id, "ticket.created", () => ticketEvent(tx, invoice.shop_id, ticket.id));
    return ticket.id;
  });
  return threadOf(client, ticketId);
}

async function threadOf(db: Db, ticketId: number): Promise<BuyerTicketView> {
  const ticket = await db.ticket.findUnique({
    where: { id: ticketId },
    include: { shop: { select: { name: true } }, invoice: { select: { unique_id: true } }, messages: { orderBy: { id: "asc" } } },
  });
  if (!ticket) throw notFound("Ticket");
  const attachments = await attachmentsOf(db, ticket.messages);
  return {
    shop_name: ticket.shop.name,
    subject: ticket.subject,
    status: ticket.status as BuyerTicketView["status"],
    invoice_unique_id: ticket.invoice?.unique_id ?? null,
    url: ticketPath(ticket.id),
    created_at: ticket.created_at.toISOString(),
    // who on the team wrote a message is the shop's business
    messages: ticket.messages.map((message) => {
      const { user_id: _member, ...shown } = serializeMessage(message, attachments);
      return shown;
    }),
  };
}

/** GET /v1/buyer/tickets/{ticketToken}: a token this app did not sign is 404, as an unknown ticket is. */
export async function buyerTicket(db: Db, token: string): Promise<BuyerTicketView> {
  const ticketId = ticketIdOf(token);
  if (ticketId === null) throw notFound("Ticket");
  return threadOf(db, ticketId);
}

/** POST /v1/buyer/tickets/{ticketToken}/messages: the buyer's answer, e-mailed to the shop; reopens a closed ticket. */
export async function buyerReply(
  client: PrismaClient,
  token: string,
  input: TicketMessageInput,
  clientIp: string,
): Promise<BuyerTicketView> {
  const ticketId = ticketIdOf(token);
  if (ticketId === null) throw notFound("Ticket");
  const ticket = await client.ticket.findUnique({ where: { id: ticketId }, select: { shop_id: true } });
  if (!ticket) throw notFound("Ticket");
  await refuseFlood(client, [
    { key: `ticket-message:client:${clientIp}`, limit: MESSAGE_LIMIT_PER_CLIENT, windowSeconds: TEN_MINUTES },
    { key: `ticket-message:ticket:${ticketId}`, limit: MESSAGE_LIMIT_PER_TICKET, windowSeconds: HOUR },
  ]);
  await client.$transaction((tx) => addMessage(tx, ticket.shop_id, ticketId, input, { author: "buyer" }));
  return threadOf(client, ticketId);
}

/** Images one client address may attach per hour, and one ticket may receive from its buyer per day. */
export const ATTACHMENT_LIMIT_PER_CLIENT = 20;
export const ATTACHMENT_LIMIT_PER_TICKET = 20;

/**
 * POST /v1/buyer/tickets/{ticketToken}/images: an image the buyer then
 * names in a message's `image_ids`. Stored by the shop's upload rules
 * (images only, checked by their bytes; the size limit; the shop's hourly
 * uploads and storage quota), kept out of the shop's image library, and
 * limited per client address and per ticket.
 */
export async function uploadBuyerAttachment(client: PrismaClient, token: string, read: () => Promise<Upload>, clientIp: string) {
  const ticketId = ticketIdOf(token);
  if (ticketId === null) throw notFound("Ticket");
  const ticket = await client.ticket.findUnique({ where: { id: ticketId }, select: { shop_id: true } });
  if (!ticket) throw notFound("Ticket");
  await refuseFlood(client, [
    { key: `ticket-image:client:${clientIp}`, limit: ATTACHMENT_LIMIT_PER_CLIENT, windowSeconds: HOUR },
    { key: `ticket-image:ticket:${ticketId}`, limit: ATTACHMENT_LIMIT_PER_TICKET, windowSeconds: 24 * HOUR },
  ]);
  const stored = await storeImage(client, ticket.shop_id, read, true);
  return attachmentView(await client.image.findUniqueOrThrow({ where: { id: stored.id }, select: attachmentSelect }));
}
