import { Text } from "@react-email/components";
import { ActionButton, Paragraph, ShopEmail } from "./layout";
import { renderEmail, type RenderedEmail } from "./render";
import type { MailShop } from "./shop";

/** A message's text as written: React escapes it, and the line breaks stay. */
function Quoted({ text }: { text: string }) {
  return (
    <Text style={{ whiteSpace: "pre-wrap", borderLeft: "3px solid #cbd5e1", paddingLeft: 12, margin: "12px 0", fontSize: 14 }}>{text}</Text>
  );
}

function FeedbackCouponEmail({ shop, code, pageUrl }: { shop: MailShop; code: string; pageUrl: string }) {
  return (
    <ShopEmail shop={shop} preview={`A coupon for your next order at ${shop.name}`}>
      <Paragraph>Thank you for your feedback. Here is a coupon for your next order at {shop.name}:</Paragraph>
      <Text style={{ fontSize: 20, fontWeight: 700, letterSpacing: 1, margin: "12px 0" }}>{code}</Text>
      <ActionButton shop={shop} href={shop.storefrontUrl}>
        Shop again
      </ActionButton>
      <Paragraph muted>Your order&apos;s page: {pageUrl}</Paragraph>
    </ShopEmail>
  );
}

/** The feedback coupon, e-mailed to the buyer whose rating reached it. */
export function renderFeedbackCouponEmail(data: { shop: MailShop; code: string; pageUrl: string }): Promise<RenderedEmail> {
  return renderEmail(`A coupon for your next order at ${data.shop.name}`, <FeedbackCouponEmail {...data} />);
}

type TicketMail = { shop: MailShop; ticketId: number; subject: string; content: string; link: string };

function SellerMessageEmail({ shop, subject, content, link }: TicketMail) {
  return (
    <ShopEmail shop={shop} preview={`${shop.name} answered: ${subject}`}>
      <Paragraph>
        {shop.name} wrote about <strong>{subject}</strong>:
      </Paragraph>
      <Quoted text={content} />
      <ActionButton shop={shop} href={link}>
        Read and reply
      </ActionButton>
      <Paragraph muted>Anyone holding this link can read and answer the conversation: keep it to yourself.</Paragraph>
    </ShopEmail>
  );
}

function BuyerMessageEmail({ shop, ticketId, subject, content, link, email }: TicketMail & { email: string }) {
  return (
    <ShopEmail shop={shop} preview={`Ticket #${ticketId}: ${subject}`}>
      <Paragraph>
        {email} wrote on ticket #{ticketId}, <strong>{subject}</strong>:
      </Paragraph>
      <Quoted text={content} />
      <ActionButton shop={shop} href={link}>
        Open the ticket
      </ActionButton>
    </ShopEmail>
  );
}

/** A seller's message, to the buyer: with the signed link of the thread. */
export function renderSellerMessageEmail(data: TicketMail): Promise<RenderedEmail> {
  return renderEmail(`Re: ${data.subject} [ticket #${data.ticketId}]`, <SellerMessageEmail {...data} />);
}

/** A buyer's message, to the shop: with the ticket's dashboard page. */
export function renderBuyerMessageEmail(data: TicketMail & { email: string }): Promise<RenderedEmail> {
  return renderEmail(`Ticket #${data.ticketId}: ${data.subject}`, <BuyerMessageEmail {...data} />);
}
