import { Link } from "@react-email/components";
import { ActionButton, Paragraph, ShopEmail } from "./layout";
import { renderEmail, type RenderedEmail } from "./render";
import type { MailShop } from "./shop";

/** "2026-11-27 14:05 UTC": when the link lapses, in words a buyer anywhere can read. */
const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function OrderLookupEmail({ shop, link, expiresAt }: { shop: MailShop; link: string; expiresAt: Date }) {
  return (
    <ShopEmail shop={shop} preview={`Your orders at ${shop.name}`}>
      <Paragraph>Here is the link to the orders you placed at {shop.name} with this address.</Paragraph>
      <ActionButton shop={shop} href={link}>
        See my orders
      </ActionButton>
      <Paragraph muted>
        The link works once, until {utcMinute(expiresAt)}. If it has lapsed, ask for a new one on the shop&apos;s Find my orders page. If
        you did not ask for it, ignore this e-mail: nobody can see your orders without it.
      </Paragraph>
    </ShopEmail>
  );
}

function NoOrdersEmail({ shop, email, formUrl }: { shop: MailShop; email: string; formUrl: string }) {
  return (
    <ShopEmail shop={shop} preview={`No orders found at ${shop.name}`}>
      <Paragraph>
        Someone asked for the orders placed at {shop.name} with {email}, and we found none.
      </Paragraph>
      <Paragraph>
        If you bought with another address, <Link href={formUrl}>ask again with that one</Link>. If you did not ask, ignore this e-mail.
      </Paragraph>
    </ShopEmail>
  );
}

/** The "Find my orders" e-mail of an address with orders in the shop: the single-use link. */
export function renderOrderLookupEmail(data: { shop: MailShop; link: string; expiresAt: Date }): Promise<RenderedEmail> {
  return renderEmail(`Your orders at ${data.shop.name}`, <OrderLookupEmail {...data} />);
}

/** The same request for an address without orders there: said to that mailbox only, never to the page. */
export function renderNoOrdersEmail(data: { shop: MailShop; email: string; formUrl: string }): Promise<RenderedEmail> {
  return renderEmail(`Your orders at ${data.shop.name}`, <NoOrdersEmail {...data} />);
}
