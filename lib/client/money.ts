/**
 * Money and counts as the pages show them. The portal's arithmetic (totals
 * the buyer sees before confirming): the server prices the purchase itself
 * (Decimal); these only need to agree to the cent, so they work in integer
 * cents.
 */
export const toCents = (amount: number) => Math.round(amount * 100);

export function lineTotal(unitPrice: number, quantity: number): number {
  return (toCents(unitPrice) * quantity) / 100;
}

export function formatMoney(amount: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
}

const GROUPED_AMOUNT = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const GROUPED_COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** An amount as the dashboard's figures show it, digits grouped: "2,536,786.37 USD". */
export function formatAmount(amount: number, currency: string): string {
  return `${GROUPED_AMOUNT.format(amount)} ${currency}`;
}

/** A count, digits grouped: "59,771". */
export function formatCount(count: number): string {
  return GROUPED_COUNT.format(count);
}
