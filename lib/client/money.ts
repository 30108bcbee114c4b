/**
 * Display arithmetic for the portal: totals the buyer sees before
 * confirming. The server prices the purchase itself (Decimal); these only
 * need to agree to the cent, so they work in integer cents.
 */
export const toCents = (amount: number) => Math.round(amount * 100);

export function lineTotal(unitPrice: number, quantity: number): number {
  return (toCents(unitPrice) * quantity) / 100;
}

export function formatMoney(amount: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
}
