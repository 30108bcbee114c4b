import { Link } from "@react-email/components";
import { appUrl } from "../env";
import { ActionButton, Paragraph, ShopEmail } from "./layout";
import { renderEmail, type RenderedEmail } from "./render";
import type { MailShop } from "./shop";

/** "2026-11-27 14:05 UTC": when a link lapses, in words anyone anywhere can read. */
const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Account e-mails come from Shopdesk itself, not from a shop: its name, its colours, a link home. */
export function shopdeskLook(): MailShop {
  return { name: "Shopdesk", logoUrl: null, primary: "#0f172a", onPrimary: "#ffffff", storefrontUrl: appUrl() };
}

/** Which sign-in the e-mail is about: the seller's dashboard or the reseller portal. */
type Audience = { portal: boolean };
const placeName = ({ portal }: Audience) => (portal ? "the Shopdesk reseller portal" : "your Shopdesk dashboard");

function PasswordResetEmail({ link, expiresAt, portal }: { link: string; expiresAt: Date } & Audience) {
  return (
    <ShopEmail shop={shopdeskLook()} preview="Set a new Shopdesk password">
      <Paragraph>Someone (we hope you) asked to reset the password you use to sign in to {placeName({ portal })}.</Paragraph>
      <ActionButton shop={shopdeskLook()} href={link}>
        Set a new password
      </ActionButton>
      <Paragraph muted>
        The link works once, until {utcMinute(expiresAt)}. Setting a new password signs you out everywhere. If you did not ask for it,
        ignore this e-mail: your password stays as it is.
      </Paragraph>
    </ShopEmail>
  );
}

function NoAccountEmail({ email, formUrl, portal }: { email: string; formUrl: string } & Audience) {
  return (
    <ShopEmail shop={shopdeskLook()} preview="Password reset: no account found">
      <Paragraph>
        Someone asked to reset the password of {email} for {placeName({ portal })}, and no account uses this address.
      </Paragraph>
      <Paragraph>
        If you signed up with another address, <Link href={formUrl}>ask again with that one</Link>. If you did not ask, ignore this e-mail.
      </Paragraph>
    </ShopEmail>
  );
}

function ResellerInvitationEmail({ shop, link, expiresAt }: { shop: MailShop; link: string; expiresAt: Date }) {
  return (
    <ShopEmail shop={shop} preview={`${shop.name} invited you to resell`}>
      <Paragraph>{shop.name} invited you to resell its products through Shopdesk&apos;s reseller portal.</Paragraph>
      <Paragraph>Choose a password to sign in with:</Paragraph>
      <ActionButton shop={shop} href={link}>
        Choose my password
      </ActionButton>
      <Paragraph muted>
        The link works once, until {utcMinute(expiresAt)}. Once it has lapsed, use &quot;Forgot password?&quot; on the portal&apos;s sign-in
        page to get a new one.
      </Paragraph>
    </ShopEmail>
  );
}

/** The forgot-password e-mail of an address with an account: the single-use link. */
export function renderPasswordResetEmail(data: { link: string; expiresAt: Date } & Audience): Promise<RenderedEmail> {
  return renderEmail("Reset your Shopdesk password", <PasswordResetEmail {...data} />);
}

/** The same request for an address without an account: said to that mailbox only, never to the page. */
export function renderNoAccountEmail(data: { email: string; formUrl: string } & Audience): Promise<RenderedEmail> {
  return renderEmail("Reset your Shopdesk password", <NoAccountEmail {...data} />);
}

/** A seller invited a person without an account to resell: the link sets their first password. */
export function renderResellerInvitationEmail(data: { shop: MailShop; link: string; expiresAt: Date }): Promise<RenderedEmail> {
  return renderEmail(`${data.shop.name} invited you to resell`, <ResellerInvitationEmail {...data} />);
}

function ApplicationConfirmEmail({ shop, link, expiresAt }: { shop: MailShop; link: string; expiresAt: Date }) {
  return (
    <ShopEmail shop={shop} preview={`Confirm your application to resell for ${shop.name}`}>
      <Paragraph>Someone (we hope you) applied with this address to resell {shop.name}&apos;s products through Shopdesk.</Paragraph>
      <Paragraph>Confirm it to make your reseller account, with the password you chose; the seller then reviews the application.</Paragraph>
      <ActionButton shop={shop} href={link}>
        Confirm my application
      </ActionButton>
      <Paragraph muted>
        The link works once, until {utcMinute(expiresAt)}. If you did not apply, ignore this e-mail: no account is made.
      </Paragraph>
    </ShopEmail>
  );
}

function ApplicationHasAccountEmail({ shop, loginUrl, applyUrl }: { shop: MailShop; loginUrl: string; applyUrl: string }) {
  return (
    <ShopEmail shop={shop} preview={`Your application to resell for ${shop.name}`}>
      <Paragraph>
        Someone applied with this address to resell {shop.name}&apos;s products, with a password that is not this account&apos;s. Nothing
        was sent to the seller.
      </Paragraph>
      <Paragraph>
        If it was you, <Link href={loginUrl}>sign in to the reseller portal</Link> (or use &quot;Forgot password?&quot; there), then{" "}
        <Link href={applyUrl}>apply again</Link>. If it was not you, ignore this e-mail.
      </Paragraph>
    </ShopEmail>
  );
}

/** An application from an address without an account: the link that makes the account and sends the application. */
export function renderApplicationConfirmEmail(data: { shop: MailShop; link: string; expiresAt: Date }): Promise<RenderedEmail> {
  return renderEmail(`Confirm your application to resell for ${data.shop.name}`, <ApplicationConfirmEmail {...data} />);
}

/** An application with an account's address and a wrong password: said to that mailbox only, never to the page. */
export function renderApplicationHasAccountEmail(data: { shop: MailShop; loginUrl: string; applyUrl: string }): Promise<RenderedEmail> {
  return renderEmail(`Your application to resell for ${data.shop.name}`, <ApplicationHasAccountEmail {...data} />);
}

/** What a sensitive-change notice says (lib/auth/sensitive-notice.ts). */
export type SensitiveChangeNotice = {
  /** `shop "Demo Shop"` or `your Shopdesk account` */
  place: string;
  what: string;
  at: Date;
  actor: string;
  via: "dashboard session" | "API key";
  ip: string;
  link: string;
};

function SensitiveChangeEmail({ notice }: { notice: SensitiveChangeNotice }) {
  return (
    <ShopEmail shop={shopdeskLook()} preview={notice.what}>
      <Paragraph>A sensitive change was made to {notice.place}:</Paragraph>
      <Paragraph>{notice.what}</Paragraph>
      <Paragraph muted>
        When: {utcMinute(notice.at)}. By: {notice.actor}, with a {notice.via}. From the address {notice.ip}.
      </Paragraph>
      <Paragraph muted>
        If this was not you or your team, <Link href={notice.link}>sign in</Link>, change your password, end your other sessions and revoke
        API keys you do not recognise.
      </Paragraph>
    </ShopEmail>
  );
}

/** To the shop's owner (or the account itself) after a payout, credential, team, API key or two-factor change. */
export function renderSensitiveChangeEmail(notice: SensitiveChangeNotice): Promise<RenderedEmail> {
  return renderEmail(`Security notice: a change to ${notice.place}`, <SensitiveChangeEmail notice={notice} />);
}
