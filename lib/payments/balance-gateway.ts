import type { PaymentGateway } from "./gateway";

export const CUSTOMER_BALANCE = "CUSTOMERBALANCE";

/**
 * Store credit: offered at every shop with no setting (it is not one of
 * `valid_payment_methods`), paid at once from the buyer's balance inside
 * the checkout's own transaction (payFromBalance), so `start` never runs
 * for a pending invoice.
 */
export const customerBalanceGateway: PaymentGateway = {
  code: CUSTOMER_BALANCE,
  name: "Store credit",
  kind: "balance",
  unavailable: () => null,
  start: async () => ({ url: null }),
  note: "Paid from your store credit.",
};
