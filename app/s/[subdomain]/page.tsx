import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ProductSection } from "@/components/storefront/product-section";
import { cachedHome, cachedShop } from "@/lib/storefront/cached-reads";
import { catalogPath, storefrontPath, storefrontUrl } from "@/lib/storefront/paths";

type Props = { params: Promise<{ subdomain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  return shop ? { alternates: { canonical: storefrontUrl(storefrontPath(shop.subdomain), shop.domain) } } : {};
}

const LINK_CLASS =
  "inline-block font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-[var(--sf-primary)]";

/**
 * The shop's home: its description, then its groups in their order with
 * their first products (lib/storefront/catalog.ts bounds both), each longer
 * group linking to the catalog page where it starts.
 */
export default async function StorefrontHome({ params }: Props) {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) notFound();
  const home = await cachedHome(shop.id);
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
      {home.sections.length === 0 ? <p>This shop has no products for sale yet.</p> : null}
      {home.sections.map((section) => (
        <ProductSection key={section.anchor} subdomain={shop.subdomain} section={section} layout={shop.theme.layout}>
          {section.total > section.products.length ? (
            <p>
              <Link href={`${catalogPath(shop.subdomain, section.page)}#${section.anchor}`} className={LINK_CLASS}>
                See all {section.total} products
              </Link>
            </p>
          ) : null}
        </ProductSection>
      ))}
      {home.sectionsLeftOut > 0 ? (
        <p>
          <Link href={catalogPath(shop.subdomain)} className={LINK_CLASS}>
            All products
          </Link>
        </p>
      ) : null}
    </main>
  );
}
