import type { APIRequestContext } from "@playwright/test";
import type { BuyerFeedbackView, FeedbackView } from "../../lib/feedback/schemas";
import type { BuyerTicketView, TicketView } from "../../lib/tickets/schemas";
import { postFrom } from "./accounts";
import { expect } from "./api";
import { completedInvoice } from "./openapi-records";

/**
 * Feedback and tickets as a buyer leaves and opens them: each from a client
 * address of its own (e2e/support/accounts.ts), so the per-address limits
 * of the buyer routes count only that test's requests.
 */

export async function leaveFeedbackAs(baseURL: string, uniqueId: string, body: { rating: number; message: string }) {
  return postFrom(baseURL, `/v1/buyer/invoices/${uniqueId}/feedback`, body);
}

/** A completed invoice of the test's own with the buyer's feedback on it. */
export async function feedbackOn(seller: APIRequestContext, baseURL: string, shopId: number, rating = 4) {
  const invoice = await completedInvoice(seller, shopId);
  const left = await leaveFeedbackAs(baseURL, invoice.unique_id, { rating, message: "Fast delivery, key worked." });
  expect(left.status, JSON.stringify(left.body)).toBe(201);
  const list = await seller.get(`/v1/shops/${shopId}/feedbacks?perPage=100`);
  const feedback = ((await list.json()) as { data: FeedbackView[] }).data.find((each) => each.invoice_id === invoice.id);
  expect(feedback).toBeTruthy();
  return { invoice, feedback: feedback!, buyerView: left.body as unknown as BuyerFeedbackView };
}

export async function openTicketAs(baseURL: string, uniqueId: string, body: { subject: string; message: string }, from?: string) {
  return postFrom(baseURL, `/v1/buyer/invoices/${uniqueId}/tickets`, body, from);
}

/** The signed token of a thread's page (`/ticket/{token}`). */
export const tokenOf = (thread: { url: string }) => thread.url.split("/").pop()!;

/** A ticket the buyer of a completed invoice of the test's own opened: the buyer's thread and the seller's view. */
export async function buyerOpenedTicket(seller: APIRequestContext, baseURL: string, shopId: number, subject = "My key does not work") {
  const invoice = await completedInvoice(seller, shopId);
  const opened = await openTicketAs(baseURL, invoice.unique_id, { subject, message: "It says the key was already used." });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  const thread = opened.body as unknown as BuyerTicketView;
  const list = await seller.get(`/v1/shops/${shopId}/tickets?perPage=5&invoice_id=${invoice.id}`);
  const [summary] = ((await list.json()) as { data: TicketView[] }).data;
  expect(summary).toBeTruthy();
  return { invoice, thread, ticketId: summary!.id };
}
