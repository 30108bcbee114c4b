import { buyerOpenedTicket, feedbackOn } from "../support/after-sale";
import { createEndpoint, eventAt, expect, receiverUrl, test, uniquePath, type WebhookBody } from "../support/webhook-receiver";

/**
 * The webhook events of issue 26 against the local receiver
 * (e2e/support/webhook-receiver.ts): feedback.created and feedback.replied
 * carry the Feedback; ticket.created and ticket.message the Ticket with
 * its messages and the message's id.
 */
test("feedback and ticket events fire from the buyer's and the seller's actions, signed, with the full object", async ({
  receiver,
  made,
  seller,
  shopId,
  baseURL,
}) => {
  const path = uniquePath("ok");
  const events = ["feedback.created", "feedback.replied", "ticket.created", "ticket.message"];
  const endpoint = await createEndpoint(seller, shopId, { url: receiverUrl(path), events }, receiver);
  made.push({ client: "seller", shopId, id: endpoint.id });
  const of = (type: string, id: number) =>
    eventAt(receiver, path, (event: WebhookBody) => event.type === type && event.data.object.id === id);

  const { feedback } = await feedbackOn(seller, baseURL!, shopId, 5);
  expect((await of("feedback.created", feedback.id)).data.object).toMatchObject({ rating: 5, invoice_id: feedback.invoice_id });
  await seller.post(`/v1/shops/${shopId}/feedbacks/${feedback.id}/reply`, { data: { reply: "Thanks!" } });
  expect((await of("feedback.replied", feedback.id)).data.object).toMatchObject({ reply: "Thanks!" });

  const { ticketId } = await buyerOpenedTicket(seller, baseURL!, shopId);
  const created = await of("ticket.created", ticketId);
  expect(created.data.object).toMatchObject({ status: "open", messages: [expect.objectContaining({ author: "buyer" })] });
  const answered = await seller.post(`/v1/shops/${shopId}/tickets/${ticketId}/messages`, { data: { content: "On it." } });
  const messageId = ((await answered.json()) as { messages: { id: number }[] }).messages[1]!.id;
  const message = await of("ticket.message", ticketId);
  expect(message.data.message_id).toBe(messageId);
});
