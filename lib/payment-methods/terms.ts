import type { Db } from "../db";
import type { Money } from "../money";

/** What a payment method asks of an order: its amount bounds and its fee in percent (negative: a discount); null: the gateway has no record. */
export type PaymentTerms = { min_amount: Money | null; max_amount: Money | null; fee_percent: Money | null } | null;

/** The terms of the shop's payment method of this (upper-case) gateway code. */
export function paymentTermsOf(db: Db, shopId: number, gatewayCode: string): Promise<PaymentTerms> {
  return db.paymentMethod.findUnique({
    where: { shop_id_gateway: { shop_id: shopId, gateway: gatewayCode } },
    select: { min_amount: true, max_amount: true, fee_percent: true },
  });
}
