import type { OutgoingEmail } from "../outbox/enqueue";
import type { Prisma } from "../db";
import { renderRecoveryEmail } from "../mail/recovery";
import type { MailShop } from "../mail/shop";
import { checkoutUrl } from "./serialize";

type Checkout = { id: number; unique_id: string; email: string; price: Prisma.Decimal; currency: string };
type Offer = { code: string; type: string; discount: Prisma.Decimal } | null;

/** The recovery email of one checkout, ready for the outbox (lib/mail/recovery.tsx is its template). */
export async function recoveryEmail(shop: { id: number; look: MailShop }, checkout: Checkout, coupon: Offer): Promise<OutgoingEmail> {
  const link = checkoutUrl(checkout.unique_id, coupon?.code);
  const email = await renderRecoveryEmail({ shop: shop.look, checkout, coupon, link });
  return { shopId: shop.id, invoiceId: checkout.id, to: checkout.email, kind: "checkout_recovery", ...email };
}
