/**
 * The line a price summary shows for a payment method's fee (an amount
 * string, "-1.00" for a discount): its label and the amount as the other
 * discount lines write it, or null when there is none. The buyer's page and
 * the storefront's cart both show it so.
 */
export function gatewayFeeLine(fee: string): { label: string; amount: string } | null {
  if (Number(fee) === 0) return null;
  return fee.startsWith("-")
    ? { label: "Payment method discount", amount: `−${fee.slice(1)}` }
    : { label: "Payment method fee", amount: fee };
}
