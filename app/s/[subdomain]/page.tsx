import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProductCard } from "@/components/storefront/product-card";
import { cachedHome, cachedShop } from "@/lib/storefront/cached-reads";
import type { StorefrontHome as StorefrontHomeData } from "@/lib/storefront/catalog";
import { storefrontPath, storefrontUrl } from "@/lib/storefront/paths";
import { readableOn } from "@/lib/storefront/theme";

type StorefrontHomeGroup = StorefrontHomeData["groups"][number];

type Props = { params: Promise<{ subdomain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  return shop ? { alternates: { canonical: storefrontUrl(storefrontPath(shop.subdomain), shop.domain) } } : {};
}

/** The shop's home: its description, then its groups in their order with their products. */
export default async function StorefrontHome({ params }: Props) {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) notFound();
  const home = await cachedHome(shop.id);
  const layout = shop.theme.layout;
  const listClass = layout === "grid" ? "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" : "flex flex-col gap-3";
  const sections: { key: string; name: string; badge?: StorefrontHomeGroup["badge"]; products: StorefrontHomeGroup["products"] }[] =
    home.groups.map((group) => ({ key: `group-${group.id}`, name: group.name, badge: group.badge, products: group.products }));
  if (home.ungrouped.length)
    sections.push({ key: "ungrouped", name: home.groups.length ? "More products" : "Products", products: home.ungrouped });
  return (
    <main className="space-y-8">
      <section
        className="overflow-hidden rounded-[var(--sf-radius)] bg-[var(--sf-surface)] bg-cover bg-center"
        style={shop.backgroundPath ? { backgroundImage: `url(${shop.backgroundPath})` } : undefined}
      >
        <div className={shop.backgroundPath ? "bg-black/55 p-6 text-white sm:p-10" : "p-6 sm:p-10"}>
          <h1 className="text-2xl font-bold sm:text-3xl">{shop.name}</h1>
          {shop.description ? <p className="mt-2 max-w-2xl">{shop.description}</p> : null}
        </div>
      </section>
      {sections.length === 0 ? <p>This shop has no products for sale yet.</p> : null}
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`${section.key}-heading`} className="space-y-3">
          <h2 id={`${section.key}-heading`} className="text-xl font-semibold">
            {section.name}
            {section.badge ? (
              // the colour is a validated #rrggbb (lib/groups/schemas.ts), the text escaped by React
              <span
                className="ms-2 inline-block rounded-[var(--sf-radius)] bg-[var(--sf-primary)] px-2 py-0.5 align-middle text-xs font-medium text-[var(--sf-on-primary)]"
                style={section.badge.color ? { backgroundColor: section.badge.color, color: readableOn(section.badge.color) } : undefined}
              >
                {section.badge.text}
              </span>
            ) : null}
          </h2>
          <ul className={listClass}>
            {section.products.map((product) => (
              <ProductCard key={product.id} subdomain={shop.subdomain} product={product} layout={layout} />
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
