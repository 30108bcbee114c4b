import { validationFailed } from "../api/errors";
import type { Db } from "../db";
import { buyerBalanceActor, lockCustomerBalance, moveBalance } from "../customers/balance";
import { complete } from "../invoices/transitions";

const refuse = (message: string) => validationFailed({ gateway: [message] });

/** The buyer must already be a customer of the shop: store credit is never opened by a checkout. */
export async function balanceCustomerId(tx: Db, shopId: number, email: string): Promise<number> {
  const customer = await tx.customer.findUnique({
    where: { shop_id_email: { shop_id: shopId, email: email.trim().toLowerCase() } },
    select: { id: true },
  });
  if (!customer) throw refuse("This email has no store credit at this shop.");
  return customer.id;
}

type BalanceInvoice = { id: number; unique_id: string; currency: string; email: string };

/**
 * Pays the just-written pending invoice from the customer's balance and
 * completes it through the one completion pipeline (delivery, e-mail,
 * webhooks, stock), in the checkout's transaction and under the customer's
 * row lock: of two checkouts racing for the last credit, the second reads
 * the balance the first left and is refused (422 on `gateway`), and its
 * invoice is rolled back with it. Returns the dynamic items to call after
 * the commit.
 */
export async function payFromBalance(
  tx: Db,
  shop: { id: number; currency: string },
  customerId: number,
  invoice: BalanceInvoice,
): Promise<number[]> {
  if (invoice.currency !== shop.currency) {
    throw refuse(`Store credit is held in ${shop.currency}; this cart is priced in ${invoice.currency}.`);
  }
  const row = await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { price: true, price_usd: true } });
  const balance = await lockCustomerBalance(tx, shop.id, customerId);
  if (!balance || balance.lessThan(row.price)) {
    throw refuse(`The store credit (${(balance ?? 0).toFixed(2)} ${shop.currency}) does not cover the total.`);
  }
  if (!row.price.isZero()) {
    await moveBalance(tx, shop.id, customerId, balance, {
      amount: row.price.negated(),
      kind: "payment",
      description: `Invoice ${invoice.unique_id}`,
      invoiceId: invoice.id,
      actor: buyerBalanceActor(invoice.email),
    });
  }
  await tx.invoice.update({ where: { id: invoice.id }, data: { paid: row.price, paid_usd: row.price_usd } });
  return complete(tx, shop.id, { id: invoice.id, status: "pending" });
}
