import { Decimal, roundMoney, type Money } from "../money";
import type { PricedLine } from "../pricing/calculator";

/**
 * Reference USD rates for the USD value of an invoice in another currency.
 * The service has no exchange-rate source yet; a currency not listed is
 * taken at par. Replace with live rates when payments need them.
 */
const USD_PER_UNIT: Record<string, string> = { USD: "1", EUR: "1.08", GBP: "1.27", CAD: "0.73", AUD: "0.66" };

export function toUsd(amount: Money, currency: string): Money {
  return roundMoney(new Decimal(amount).mul(USD_PER_UNIT[currency.toUpperCase()] ?? "1"));
}

export type ItemVariant = { id: number; product_id: number; name: string; product: { name: string } };

/** An invoice's item rows from its priced lines: the manual invoice and the checkout write them alike. */
export function itemRowsOf(lines: PricedLine[], variantAt: (index: number) => ItemVariant, currency: string) {
  return lines.map((line, index) => {
    const variant = variantAt(index);
    return {
      product_id: variant.product_id,
      variant_id: variant.id,
      product_name: variant.product.name,
      variant_name: variant.name,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      total_price: line.total,
      total_price_usd: toUsd(line.total, currency),
    };
  });
}
