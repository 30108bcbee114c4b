import type { PaymentGateway } from "./gateway";

/** Paid outside Shopdesk as the seller tells the buyer; the seller confirms it (paid-amount, status or deliver). */
export const manualGateway: PaymentGateway = {
  code: "MANUAL",
  name: "Manual payment",
  kind: "manual",
  unavailable: () => null,
  start: async () => ({ url: null }),
  note: "Pay as the seller instructed you. Once the seller confirms the payment, your keys appear here.",
};
