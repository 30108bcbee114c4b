import { ActionButton, Paragraph, ShopEmail } from "./layout";
import { renderEmail, type RenderedEmail } from "./render";
import type { MailShop } from "./shop";

const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

const ROLE_WORDS: Record<string, string> = {
  admin: "an admin (everything but the team and payouts)",
  support: "support (orders, deliveries and customers)",
  viewer: "a viewer (read only)",
};

type InvitationData = { shop: MailShop; inviter: string; role: string; link: string; expiresAt: Date };

function InvitationEmail({ shop, inviter, role, link, expiresAt }: InvitationData) {
  return (
    <ShopEmail shop={shop} preview={`Join ${shop.name} on Shopdesk`}>
      <Paragraph>
        {inviter} invited you to the team of {shop.name} on Shopdesk, as {ROLE_WORDS[role] ?? role}.
      </Paragraph>
      <ActionButton shop={shop} href={link}>
        Accept the invitation
      </ActionButton>
      <Paragraph muted>
        The link works once, until {utcMinute(expiresAt)}. If you have no Shopdesk account with this address, you choose a password when you
        accept. If you did not expect this, ignore this e-mail.
      </Paragraph>
    </ShopEmail>
  );
}

/** The invitation to a shop's team: the single-use link to accept it. */
export function renderInvitationEmail(data: InvitationData): Promise<RenderedEmail> {
  return renderEmail(`Join ${data.shop.name} on Shopdesk`, <InvitationEmail {...data} />);
}
