import { buyerOpenedTicket, feedbackOn, tokenOf } from "../after-sale";
import { gradientPng } from "../catalog";
import { completedInvoice } from "../openapi-records";
import type { Call } from "./context";

/** Feedback and support tickets, each on an invoice of the builder's own. */
export const afterSaleCalls: Record<string, Call> = {
  leaveFeedback: async ({ send, seller, anonymous, shopId }) =>
    send("leaveFeedback", {
      client: anonymous,
      params: { uniqueId: (await completedInvoice(seller, shopId)).unique_id },
      data: { rating: 5, message: "Great." },
    }),
  listFeedbacks: ({ send, shopId }) => send("listFeedbacks", { params: { shopId }, query: { perPage: 5, rating: 4 } }),
  getFeedback: async ({ send, seller, shopId, baseURL }) =>
    send("getFeedback", { params: { shopId, feedbackId: (await feedbackOn(seller, baseURL!, shopId)).feedback.id } }),
  replyToFeedback: async ({ send, seller, shopId, baseURL }) =>
    send("replyToFeedback", {
      params: { shopId, feedbackId: (await feedbackOn(seller, baseURL!, shopId)).feedback.id },
      data: { reply: "Thank you!" },
    }),
  disputeFeedback: async ({ send, seller, shopId, baseURL }) =>
    send("disputeFeedback", {
      params: { shopId, feedbackId: (await feedbackOn(seller, baseURL!, shopId)).feedback.id },
      data: { reason: "The buyer never redeemed the key." },
    }),

  openBuyerTicket: async ({ send, seller, anonymous, shopId }) =>
    send("openBuyerTicket", {
      client: anonymous,
      params: { uniqueId: (await completedInvoice(seller, shopId)).unique_id },
      data: { subject: "Where is my key?", message: "Hello" },
    }),
  getBuyerTicket: async ({ send, seller, anonymous, shopId, baseURL }) =>
    send("getBuyerTicket", {
      client: anonymous,
      params: { ticketToken: tokenOf((await buyerOpenedTicket(seller, baseURL!, shopId)).thread) },
    }),
  replyBuyerTicket: async ({ send, seller, anonymous, shopId, baseURL }) =>
    send("replyBuyerTicket", {
      client: anonymous,
      params: { ticketToken: tokenOf((await buyerOpenedTicket(seller, baseURL!, shopId)).thread) },
      data: { content: "Any news?" },
    }),
  uploadBuyerTicketImage: async ({ send, seller, anonymous, shopId, baseURL }) =>
    send("uploadBuyerTicketImage", {
      client: anonymous,
      params: { ticketToken: tokenOf((await buyerOpenedTicket(seller, baseURL!, shopId)).thread) },
      multipart: { image: { name: "photo.png", mimeType: "image/png", buffer: gradientPng(4, 4, [0, 0, 0], [255, 255, 255]) } },
    }),
  listTickets: ({ send, shopId }) => send("listTickets", { params: { shopId }, query: { perPage: 5, status: "open" } }),
  createTicket: async ({ send, seller, shopId }) =>
    send("createTicket", {
      params: { shopId },
      data: { invoice_id: (await completedInvoice(seller, shopId)).id, subject: "About your order", message: "Hello" },
    }),
  getTicket: async ({ send, seller, shopId, baseURL }) =>
    send("getTicket", { params: { shopId, ticketId: (await buyerOpenedTicket(seller, baseURL!, shopId)).ticketId } }),
  closeTicket: async ({ send, seller, shopId, baseURL }) =>
    send("closeTicket", { params: { shopId, ticketId: (await buyerOpenedTicket(seller, baseURL!, shopId)).ticketId } }),
  reopenTicket: async ({ send, seller, shopId, baseURL }) => {
    const { ticketId } = await buyerOpenedTicket(seller, baseURL!, shopId);
    await seller.post(`/v1/shops/${shopId}/tickets/${ticketId}/close`);
    return send("reopenTicket", { params: { shopId, ticketId } });
  },
  archiveTicket: async ({ send, seller, shopId, baseURL }) =>
    send("archiveTicket", { params: { shopId, ticketId: (await buyerOpenedTicket(seller, baseURL!, shopId)).ticketId } }),
  unarchiveTicket: async ({ send, seller, shopId, baseURL }) =>
    send("unarchiveTicket", { params: { shopId, ticketId: (await buyerOpenedTicket(seller, baseURL!, shopId)).ticketId } }),
  createTicketMessage: async ({ send, seller, shopId, baseURL }) =>
    send("createTicketMessage", {
      params: { shopId, ticketId: (await buyerOpenedTicket(seller, baseURL!, shopId)).ticketId },
      data: { content: "We sent a new key." },
    }),
  deleteTicketMessage: async ({ send, seller, shopId, baseURL }) => {
    const { ticketId } = await buyerOpenedTicket(seller, baseURL!, shopId);
    const ticket = (await (await seller.get(`/v1/shops/${shopId}/tickets/${ticketId}`)).json()) as { messages: { id: number }[] };
    return send("deleteTicketMessage", { params: { shopId, ticketId, messageId: ticket.messages[0]!.id } });
  },
};
