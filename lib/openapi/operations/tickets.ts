import * as z from "../../validation/zod";
import type { Operation } from "../operation";
import { messageBody } from "../../api/schemas";
import {
  buyerTicketView,
  createTicketBody,
  listTicketsQuery,
  openBuyerTicketBody,
  ticketMessageBody,
  ticketAttachmentView,
  ticketPage,
  ticketView,
} from "../../tickets/schemas";

/** The multipart upload: one file part `image`, by the rules of the shop's image uploads. */
const imageUpload = z.object({
  image: z.string().meta({ contentMediaType: "application/octet-stream", description: "PNG, JPEG, GIF or WebP, at most 20480 KB" }),
});

const tag = "Support tickets";
const tickets = "/v1/shops/{shopId}/tickets";
const one = `${tickets}/{ticketId}`;
const thread = "/v1/buyer/tickets/{ticketToken}";

const CHANGES = [
  { action: "close", summary: "Close a ticket (a buyer's answer reopens it)" },
  { action: "reopen", summary: "Reopen a closed ticket" },
  { action: "archive", summary: "Archive a ticket (it stays readable; the list's `archived` filter finds it)" },
  { action: "unarchive", summary: "Take a ticket out of the archive" },
] as const;

export const ticketsOperations: Operation[] = [
  {
    operationId: "openBuyerTicket",
    method: "post",
    path: "/v1/buyer/invoices/{uniqueId}/tickets",
    summary: "The buyer opens a support ticket about their order (public, by the invoice's unguessable unique_id)",
    description:
      "The message is e-mailed to the shop (its `support_email`, else its owner). Answered with the thread, whose `url` is the " +
      "signed page where the buyer reads and answers it. Limited per client address and per invoice (429).",
    tag,
    auth: "none",
    body: openBuyerTicketBody,
    response: { status: 201, description: "The new thread, as the buyer sees it.", schema: buyerTicketView },
    errors: ["RecordNotFound", "TooManyAttempts"],
  },
  {
    operationId: "getBuyerTicket",
    method: "get",
    path: thread,
    summary: "The buyer's thread of a ticket (public, by its signed link)",
    tag,
    auth: "none",
    response: { description: "The thread, oldest message first.", schema: buyerTicketView },
    errors: ["RecordNotFound"],
  },
  {
    operationId: "replyBuyerTicket",
    method: "post",
    path: `${thread}/messages`,
    summary: "The buyer answers on the thread (public, by its signed link)",
    description: "E-mailed to the shop; a closed ticket is reopened. Limited per client address and per ticket (429).",
    tag,
    auth: "none",
    body: ticketMessageBody,
    response: { status: 201, description: "The thread with the new message.", schema: buyerTicketView },
    errors: ["RecordNotFound", "TooManyAttempts"],
  },
  {
    operationId: "uploadBuyerTicketImage",
    method: "post",
    path: `${thread}/images`,
    summary: "The buyer uploads an image to attach to a message (public, by the thread's signed link)",
    description:
      "Images only (PNG, JPEG, GIF or WebP, checked by their bytes), by the rules of the shop's uploads (size, hourly uploads, " +
      "storage quota); kept out of the shop's image library. Name its `id` in the message's `image_ids`. Limited per client " +
      "address and per ticket (429).",
    tag,
    auth: "none",
    body: imageUpload,
    multipart: true,
    response: { status: 201, description: "The stored attachment.", schema: ticketAttachmentView },
    errors: ["RecordNotFound", "TooManyAttempts"],
  },
  {
    operationId: "listTickets",
    method: "get",
    path: tickets,
    summary: "List the shop's tickets (latest activity first)",
    tag,
    auth: "seller",
    permission: "tickets:read",
    query: listTicketsQuery,
    response: { description: "Seller paginated envelope of tickets (without their messages).", schema: ticketPage },
  },
  {
    operationId: "createTicket",
    method: "post",
    path: tickets,
    summary: "Open a ticket with a buyer, about a customer or an invoice of the shop",
    description:
      "The buyer's address is the invoice's e-mail, else the customer's. A first `message` is e-mailed to them with the thread's link.",
    tag,
    auth: "seller",
    permission: "tickets:write",
    body: createTicketBody,
    response: { status: 201, description: "The new ticket.", schema: ticketView },
  },
  {
    operationId: "getTicket",
    method: "get",
    path: one,
    summary: "Get a ticket with its messages",
    tag,
    auth: "seller",
    permission: "tickets:read",
    response: { description: "The ticket.", schema: ticketView },
  },
  ...CHANGES.map(({ action, summary }): Operation => ({
    operationId: `${action}Ticket`,
    method: "post",
    path: `${one}/${action}`,
    summary,
    tag,
    auth: "seller",
    permission: "tickets:write",
    response: { description: "The ticket.", schema: ticketView },
  })),
  {
    operationId: "createTicketMessage",
    method: "post",
    path: `${one}/messages`,
    summary: "Answer a ticket (e-mailed to the buyer with the thread's signed link)",
    tag,
    auth: "seller",
    permission: "tickets:write",
    body: ticketMessageBody,
    response: { status: 201, description: "The ticket with the new message.", schema: ticketView },
  },
  {
    operationId: "deleteTicketMessage",
    method: "delete",
    path: `${one}/messages/{messageId}`,
    summary: "Delete a message of a ticket",
    tag,
    auth: "seller",
    permission: "tickets:write",
    response: { description: "`Message deleted.`", schema: messageBody },
  },
];
