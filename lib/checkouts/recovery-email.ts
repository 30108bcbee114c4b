import type { OutgoingEmail } from "../outbox/enqueue";
import { moneyString } from "../money";
import type { Prisma } from "../db";
import { checkoutUrl } from "./serialize";

type Checkout = { id: number; unique_id: string; email: string; price: Prisma.Decimal; currency: string };
type Offer = { code: string; type: string; discount: Prisma.Decimal } | null;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The email that invites a customer back to an unfinished checkout, with the coupon when one is offered. */
export function recoveryEmail(shop: { id: number; name: string }, checkout: Checkout, coupon: Offer): OutgoingEmail {
  const link = checkoutUrl(checkout.unique_id, coupon?.code);
  const total = `${moneyString(checkout.price)} ${checkout.currency}`;
  const offer = coupon
    ? `Use the code ${coupon.code} for ${coupon.type === "percentage" ? `${coupon.discount.toString()} %` : `${moneyString(coupon.discount)} ${checkout.currency}`} off.`
    : null;
  const text = [`You left an order at ${shop.name} unfinished (${total}).`, offer, `Complete it here: ${link}`]
    .filter(Boolean)
    .join("\n\n");
  const html = [
    `<p>You left an order at ${escapeHtml(shop.name)} unfinished (${escapeHtml(total)}).</p>`,
    offer ? `<p>${escapeHtml(offer)}</p>` : "",
    `<p><a href="${escapeHtml(link)}">Complete your order</a></p>`,
  ].join("");
  return {
    shopId: shop.id,
    invoiceId: checkout.id,
    to: checkout.email,
    subject: `Complete your order at ${shop.name}`,
    html,
    text,
    kind: "checkout_recovery",
  };
}
