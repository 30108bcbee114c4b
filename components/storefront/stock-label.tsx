import type { StockBand } from "@/lib/storefront/catalog";

/** The stock band as a buyer reads it. */
export function stockText(stock: StockBand): string {
  switch (stock.kind) {
    case "unlimited":
    case "in_stock":
      return "In stock";
    case "low":
      return `Only ${stock.units} left`;
    case "out":
      return stock.message;
  }
}

export function StockLabel({ stock }: { stock: StockBand }) {
  const tone = stock.kind === "out" ? "opacity-70" : stock.kind === "low" ? "font-medium" : "";
  return <span className={`text-sm ${tone}`}>{stockText(stock)}</span>;
}
