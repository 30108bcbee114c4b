import Link from "next/link";
import type { ProductCard as Card } from "@/lib/storefront/catalog";
import { productPath } from "@/lib/storefront/paths";
import { StockLabel } from "./stock-label";

export function ProductCard({ subdomain, product, layout }: { subdomain: string; product: Card; layout: "grid" | "list" }) {
  return (
    <li>
      <Link
        href={productPath(subdomain, product.path)}
        className={`flex h-full overflow-hidden rounded-[var(--sf-radius)] border border-current/10 bg-[var(--sf-surface)] transition hover:border-[var(--sf-primary)] focus-visible:outline-2 focus-visible:outline-[var(--sf-primary)] ${
          layout === "grid" ? "flex-col" : "flex-row items-center"
        }`}
      >
        <div className={layout === "grid" ? "aspect-[4/3] w-full bg-current/5" : "h-20 w-20 shrink-0 bg-current/5 sm:h-24 sm:w-24"}>
          {product.imagePath ? <img src={product.imagePath} alt="" loading="lazy" className="h-full w-full object-cover" /> : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <span className="font-medium">{product.name}</span>
          <span className="text-sm">{product.priceFrom ? `From ${product.priceFrom} ${product.currency}` : ""}</span>
          <StockLabel stock={product.stock} />
          {product.onHold || product.hasDeal ? (
            <span className="flex gap-2 text-xs">
              {product.onHold ? <span className="rounded border border-current/30 px-1.5 py-0.5">On hold</span> : null}
              {product.hasDeal ? (
                <span className="rounded bg-[var(--sf-primary)] px-1.5 py-0.5 text-[var(--sf-on-primary)]">Deal</span>
              ) : null}
            </span>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
