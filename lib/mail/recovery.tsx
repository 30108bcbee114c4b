import { moneyString } from "../money";
import type { Prisma } from "../db";
import { ActionButton, Paragraph, ShopEmail } from "./layout";
import { renderEmail, type RenderedEmail } from "./render";
import type { MailShop } from "./shop";

export type RecoveryEmailData = {
  shop: MailShop;
  checkout: { unique_id: string; price: Prisma.Decimal; currency: string };
  coupon: { code: string; type: string; discount: Prisma.Decimal } | null;
  /** the checkout page, with the coupon when one is offered */
  link: string;
};

function RecoveryEmail({ shop, checkout, coupon, link }: RecoveryEmailData) {
  const total = `${moneyString(checkout.price)} ${checkout.currency}`;
  const off = coupon
    ? coupon.type === "percentage"
      ? `${coupon.discount.toString()} %`
      : `${moneyString(coupon.discount)} ${checkout.currency}`
    : null;
  return (
    <ShopEmail shop={shop} preview={`Your order at ${shop.name} is waiting (${total}).`}>
      <Paragraph>
        You left an order at {shop.name} unfinished ({total}).
      </Paragraph>
      {coupon ? (
        <Paragraph>
          Use the code <strong>{coupon.code}</strong> for {off} off.
        </Paragraph>
      ) : null}
      <ActionButton shop={shop} href={link}>
        Complete your order
      </ActionButton>
    </ShopEmail>
  );
}

/** The email that invites a customer back to an unfinished checkout, with the coupon when one is offered. */
export function renderRecoveryEmail(data: RecoveryEmailData): Promise<RenderedEmail> {
  return renderEmail(`Complete your order at ${data.shop.name}`, <RecoveryEmail {...data} />);
}
