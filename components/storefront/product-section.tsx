import type { ReactNode } from "react";
import type { CatalogSection } from "@/lib/storefront/catalog";
import { readableOn } from "@/lib/storefront/theme";
import { ProductCard } from "./product-card";

/**
 * A section of product cards under its group's heading, as the home and the
 * catalog's pages show it. Its id is the section's anchor (`group-{id}`,
 * `ungrouped`), the same on every page, so a link can name where a group
 * starts. `children` follow the cards (the home's "See all" link).
 */
export function ProductSection({
  subdomain,
  section,
  layout,
  children,
}: {
  subdomain: string;
  section: CatalogSection;
  layout: "grid" | "list";
  children?: ReactNode;
}) {
  const listClass = layout === "grid" ? "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" : "flex flex-col gap-3";
  const badge = section.group?.badge;
  return (
    <section id={section.anchor} aria-labelledby={`${section.anchor}-heading`} className="scroll-mt-4 space-y-3">
      <h2 id={`${section.anchor}-heading`} className="text-xl font-semibold">
        {section.name}
        {badge ? (
          // the colour is a validated #rrggbb (lib/groups/schemas.ts), the text escaped by React
          <span
            className="ms-2 inline-block rounded-[var(--sf-radius)] bg-[var(--sf-primary)] px-2 py-0.5 align-middle text-xs font-medium text-[var(--sf-on-primary)]"
            style={badge.color ? { backgroundColor: badge.color, color: readableOn(badge.color) } : undefined}
          >
            {badge.text}
          </span>
        ) : null}
      </h2>
      <ul className={listClass}>
        {section.products.map((product) => (
          <ProductCard key={product.id} subdomain={subdomain} product={product} layout={layout} />
        ))}
      </ul>
      {children}
    </section>
  );
}
