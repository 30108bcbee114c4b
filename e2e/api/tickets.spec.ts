import type { BuyerTicketView, TicketSummaryView, TicketView } from "../../lib/tickets/schemas";
import { buyerOpenedTicket, openTicketAs, tokenOf } from "../support/after-sale";
import { clientAddress, postFrom } from "../support/accounts";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createImage, gradientPng } from "../support/catalog";
import { completedInvoice } from "../support/openapi-records";
import { type ReceivedMail, smtpListenerForSpec } from "../support/smtp";

/**
 * Support tickets over HTTP and real SMTP: the buyer opens one from the
 * invoice's credential and answers on the signed thread; the seller works
 * them (list, filters, messages, close/reopen/archive, delete a message);
 * every message reaches the other side's mailbox through the outbox, found
 * there by its address and the ticket's number (e2e/support/smtp.ts).
 */
test.describe.configure({ mode: "serial" });

const smtp = smtpListenerForSpec();

const MISSING = 999_999_999;
const ticketMail = (ticketId: number) => (mail: ReceivedMail) => mail.subject.includes(`#${ticketId}`);

test.describe("support tickets", () => {
  test("the guards: no key 401; another seller's shop 404 on every seller route", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    const one = (shop: number) => `/v1/shops/${shop}/tickets/1`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/tickets` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/tickets`, data: { customer_id: 1, subject: "Hi" } },
      { method: "get", path: one },
      ...["close", "reopen", "archive", "unarchive"].map((action) => ({
        method: "post" as const,
        path: (shop: number) => `${one(shop)}/${action}`,
      })),
      { method: "post", path: (shop) => `${one(shop)}/messages`, data: { content: "Hi" } },
      { method: "delete", path: (shop) => `${one(shop)}/messages/1` },
    ]);
  });

  test("the buyer opens a ticket: the shop is e-mailed; the seller answers: the buyer is e-mailed the signed thread, where they reply", async ({
    seller,
    anonymous,
    shopId,
    seed,
    baseURL,
  }) => {
    const { invoice, thread, ticketId } = await buyerOpenedTicket(seller, baseURL!, shopId, "Key <already> used");
    expect(thread).toMatchObject({ subject: "Key <already> used", status: "open", invoice_unique_id: invoice.unique_id });
    expect(thread.messages).toEqual([expect.objectContaining({ author: "buyer", content: "It says the key was already used." })]);
    expect(thread.messages[0]).not.toHaveProperty("user_id");

    // the shop has no support address: its owner is told, with the dashboard's page of the ticket
    const toShop = await smtp.waitFor(seed.seller.email, ticketMail(ticketId));
    expect(toShop.text).toContain("It says the key was already used.");
    expect(toShop.text).toContain(`/dashboard/${shopId}/tickets/${ticketId}`);
    expect(toShop.html).toContain("Key &lt;already&gt; used");

    const answered = await seller.post(`/v1/shops/${shopId}/tickets/${ticketId}/messages`, {
      data: { content: "Here is a new key: <ABC-123>" },
    });
    expect(answered.status(), await answered.text()).toBe(201);
    const ticket = (await answered.json()) as TicketView;
    expect(ticket.messages.map((message) => message.author)).toEqual(["buyer", "seller"]);
    expect(ticket.messages[1]!.user_id).toEqual(expect.any(Number));

    const toBuyer = await smtp.waitFor(invoice.email, ticketMail(ticketId));
    expect(toBuyer.html).toContain("Here is a new key: &lt;ABC-123&gt;");
    const link = new RegExp(`${baseURL}/ticket/(${ticketId}-[0-9a-f]{32})`).exec(toBuyer.text);
    expect(link, toBuyer.text).toBeTruthy();
    expect(link![1]).toBe(tokenOf(thread));

    const read = await anonymous.get(`/v1/buyer/tickets/${link![1]}`);
    expect(read.status()).toBe(200);
    expect(((await read.json()) as BuyerTicketView).messages.map((message) => message.content)).toEqual([
      "It says the key was already used.",
      "Here is a new key: <ABC-123>",
    ]);
    const reply = await postFrom(baseURL!, `/v1/buyer/tickets/${link![1]}/messages`, { content: "Works now, thanks!" });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    await smtp.waitFor(seed.seller.email, (mail) => ticketMail(ticketId)(mail) && mail.text.includes("Works now, thanks!"));

    // a forged or altered signature names no ticket
    const forged = `${ticketId}-${"0".repeat(32)}`;
    expect((await anonymous.get(`/v1/buyer/tickets/${forged}`)).status()).toBe(404);
    expect((await anonymous.get(`/v1/buyer/tickets/${ticketId + 1}-${link![1]!.split("-")[1]}`)).status()).toBe(404);
    expect((await postFrom(baseURL!, `/v1/buyer/tickets/${forged}/messages`, { content: "x" })).status).toBe(404);
    await expectValidationError(await anonymous.post(`/v1/buyer/tickets/${link![1]}/messages`, { data: { content: "" } }), "content");

    // the buyer's page lists the ticket with its link
    const page = await (await anonymous.get(`/v1/buyer/invoices/${invoice.unique_id}`)).json();
    expect(page.tickets).toEqual([expect.objectContaining({ subject: "Key <already> used", url: `/ticket/${link![1]}` })]);
  });

  test("a shop's support address gets the buyers' messages instead of the owner", async ({ seller, shopId, seed, baseURL }) => {
    const shop = seed.seller.shopIds[1]!;
    const support = `support-${Date.now()}@example.test`;
    expect((await seller.put(`/v1/shops/${shop}/update`, { data: { support_email: support } })).status()).toBe(200);
    try {
      const { ticketId } = await buyerOpenedTicket(seller, baseURL!, shop);
      await smtp.waitFor(support, ticketMail(ticketId));
    } finally {
      await seller.put(`/v1/shops/${shop}/update`, { data: { support_email: null } });
    }
    expect(shopId).not.toBe(shop);
  });

  test("the seller closes, reopens, archives, filters and deletes a message; a buyer's answer reopens a closed ticket", async ({
    seller,
    shopId,
    baseURL,
  }) => {
    const { invoice, thread, ticketId } = await buyerOpenedTicket(seller, baseURL!, shopId);
    const act = async (action: string) => {
      const response = await seller.post(`/v1/shops/${shopId}/tickets/${ticketId}/${action}`);
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as TicketView;
    };
    const list = async (query: string) =>
      (
        (await (await seller.get(`/v1/shops/${shopId}/tickets?perPage=100&invoice_id=${invoice.id}${query}`)).json()) as {
          data: TicketSummaryView[];
        }
      ).data.map((ticket) => ticket.id);

    expect((await act("close")).status).toBe("closed");
    expect(await list("&status=closed")).toEqual([ticketId]);
    expect(await list("&status=open")).toEqual([]);
    expect((await act("reopen")).status).toBe("open");
    expect((await act("archive")).archived).toBe(true);
    expect(await list("&archived=true")).toEqual([ticketId]);
    expect(await list("&archived=false")).toEqual([]);
    expect((await act("unarchive")).archived).toBe(false);

    await act("close");
    expect((await postFrom(baseURL!, `/v1/buyer/tickets/${tokenOf(thread)}/messages`, { content: "Still broken" })).status).toBe(201);
    const reopened = (await (await seller.get(`/v1/shops/${shopId}/tickets/${ticketId}`)).json()) as TicketView;
    expect(reopened.status).toBe("open");

    const first = reopened.messages[0]!;
    const deleted = await seller.delete(`/v1/shops/${shopId}/tickets/${ticketId}/messages/${first.id}`);
    expect(await deleted.json()).toEqual({ message: "Message deleted." });
    expect((await seller.delete(`/v1/shops/${shopId}/tickets/${ticketId}/messages/${first.id}`)).status()).toBe(404);
    const after = (await (await seller.get(`/v1/shops/${shopId}/tickets/${ticketId}`)).json()) as TicketView;
    expect(after.messages.map((message) => message.content)).toEqual(["Still broken"]);
    expect((await seller.post(`/v1/shops/${shopId}/tickets/${MISSING}/close`)).status()).toBe(404);
    expect((await seller.get(`/v1/shops/${shopId}/tickets/${MISSING}`)).status()).toBe(404);
  });

  test("the seller opens a ticket about an invoice or a customer; its first message reaches the buyer", async ({ seller, shopId }) => {
    const invoice = await completedInvoice(seller, shopId);
    const created = await seller.post(`/v1/shops/${shopId}/tickets`, {
      data: { invoice_id: invoice.id, subject: "About your order", message: "Did the key work?" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const ticket = (await created.json()) as TicketView;
    expect(ticket).toMatchObject({ invoice_id: invoice.id, email: invoice.email, status: "open", archived: false });
    await smtp.waitFor(invoice.email, ticketMail(ticket.id));

    const customer = await seller.post(`/v1/shops/${shopId}/customers`, { data: { email: `ticketed-${Date.now()}@example.test` } });
    const { id: customerId, email } = (await customer.json()) as { id: number; email: string };
    const aboutCustomer = await seller.post(`/v1/shops/${shopId}/tickets`, { data: { customer_id: customerId, subject: "Hello" } });
    expect(aboutCustomer.status()).toBe(201);
    expect(await aboutCustomer.json()).toMatchObject({ customer_id: customerId, email, invoice_id: null, messages: [] });

    await expectValidationError(await seller.post(`/v1/shops/${shopId}/tickets`, { data: { subject: "Nobody" } }), "customer_id");
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/tickets`, { data: { invoice_id: MISSING, subject: "x" } }),
      "invoice_id",
    );
  });

  test("attachments: images only, by the upload rules; the buyer's stay out of the shop's library; each side attaches only what it may", async ({
    seller,
    anonymous,
    shopId,
    baseURL,
  }) => {
    const { thread, ticketId } = await buyerOpenedTicket(seller, baseURL!, shopId);
    const token = tokenOf(thread);
    const upload = (buffer: Buffer, name = "photo.png", mimeType = "image/png") =>
      anonymous.post(`/v1/buyer/tickets/${token}/images`, { multipart: { image: { name, mimeType, buffer } } });
    const uploaded = await upload(gradientPng(6, 4, [0, 0, 0], [255, 255, 255]));
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const attachment = (await uploaded.json()) as { id: number; url: string; mime_type: string };
    expect(attachment).toMatchObject({ mime_type: "image/png", url: expect.stringMatching(/\/cdn\/[0-9a-f]+$/) });
    await expectValidationError(await upload(Buffer.from("MZ not an image"), "virus.exe", "image/png"), "image");
    expect((await anonymous.post(`/v1/buyer/tickets/${ticketId}-${"0".repeat(32)}/images`)).status()).toBe(404);
    const library = (await (await seller.get(`/v1/shops/${shopId}/images`)).json()) as { id: number }[];
    expect(library.map((image) => image.id)).not.toContain(attachment.id);

    const catalogImage = await createImage(seller, shopId);
    const buyerSends = (image_ids: number[]) =>
      anonymous.post(`/v1/buyer/tickets/${token}/messages`, { data: { content: "Screenshot attached", image_ids } });
    await expectValidationError(await buyerSends([catalogImage.id]), "image_ids.0");
    const sent = await buyerSends([attachment.id]);
    expect(sent.status(), await sent.text()).toBe(201);
    expect(((await sent.json()) as BuyerTicketView).messages.at(-1)!.attachments).toEqual([expect.objectContaining({ id: attachment.id })]);

    const sellerSends = (image_ids: number[]) =>
      seller.post(`/v1/shops/${shopId}/tickets/${ticketId}/messages`, { data: { content: "Where to click", image_ids } });
    await expectValidationError(await sellerSends([MISSING]), "image_ids.0");
    const answered = await sellerSends([catalogImage.id]);
    expect(answered.status(), await answered.text()).toBe(201);
    const ticket = (await answered.json()) as TicketView;
    expect(ticket.messages.map((message) => message.attachments.map((image) => image.id))).toEqual([
      [],
      [attachment.id],
      [catalogImage.id],
    ]);
    expect((await anonymous.get(attachment.url.replace(/^https?:\/\/[^/]+/, ""))).headers()["content-type"]).toBe("image/png");
  });

  test("another seller cannot read or act on a ticket; a buyer's flood of tickets is refused (429)", async ({
    seller,
    otherSeller,
    shopId,
    foreignShopId,
    baseURL,
  }) => {
    const { ticketId } = await buyerOpenedTicket(seller, baseURL!, shopId);
    for (const path of [`/tickets/${ticketId}`]) {
      const foreign = await otherSeller.get(`/v1/shops/${foreignShopId}${path}`);
      expect(foreign.status()).toBe(404);
      expect(await foreign.json()).toEqual({ message: "Ticket not found." });
    }
    expect((await otherSeller.post(`/v1/shops/${foreignShopId}/tickets/${ticketId}/messages`, { data: { content: "x" } })).status()).toBe(
      404,
    );

    const invoice = await completedInvoice(seller, shopId);
    const from = clientAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await openTicketAs(baseURL!, invoice.unique_id, { subject: `Try ${attempt}`, message: "Hello?" }, from)).status);
    }
    // five tickets a day per invoice: the sixth is refused
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
