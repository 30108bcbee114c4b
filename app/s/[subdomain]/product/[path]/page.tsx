import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AddToCart } from "@/components/storefront/add-to-cart";
import { StockLabel } from "@/components/storefront/stock-label";
import { jsonLdScriptBody } from "@/lib/html/json-ld";
import { plainTextOf } from "@/lib/html/seller-html";
import { cachedProduct, cachedShop } from "@/lib/storefront/cached-reads";
import { NOT_A_SUBDOMAIN, type StorefrontProduct } from "@/lib/storefront/catalog";
import { productJsonLd } from "@/lib/storefront/json-ld";
import { productPath, storefrontUrl } from "@/lib/storefront/paths";

type Props = { params: Promise<{ subdomain: string; path: string }> };

/** Like the shop's (see the layout): a sample only, so that every product page is cached after its first visit. */
export function generateStaticParams() {
  return [{ path: NOT_A_SUBDOMAIN }];
}

async function load(params: Props["params"]) {
  const { subdomain, path } = await params;
  const shop = await cachedShop(subdomain);
  // the shop's 404 page (lib/storefront/page-gate.ts sends made-up paths here): it reads no product, so no catalog edit expires it
  if (!shop || path === NOT_A_SUBDOMAIN) return null;
  const product = await cachedProduct(shop.id, path);
  return product ? { shop, product } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load(params);
  if (!found) return {};
  const { shop, product } = found;
  const url = storefrontUrl(productPath(shop.subdomain, product.path), shop.domain);
  const image = product.imagePaths[0] ? storefrontUrl(product.imagePaths[0]) : undefined;
  return {
    title: product.name,
    description: plainTextOf(product.descriptionHtml) || undefined,
    alternates: { canonical: url },
    // unlisted pages are for people with the link; on-hold ones cannot be bought now
    robots: product.visibility === "public" ? undefined : { index: false, follow: false },
    openGraph: { type: "website", title: product.name, url, images: image ? [{ url: image }] : undefined },
  };
}

/** A product page: what it is, its variants and their prices, the deals that apply, and the cart button. */
export default async function ProductPage({ params }: Props) {
  const found = await load(params);
  if (!found) notFound();
  const { shop, product } = found;
  const url = storefrontUrl(productPath(shop.subdomain, product.path), shop.domain);
  return (
    <main className="grid gap-6 md:grid-cols-2 md:gap-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScriptBody(productJsonLd(product, url)) }} />
      <div className="space-y-3">
        {product.imagePaths.length ? (
          product.imagePaths.map((src, index) => (
            <img
              key={src}
              src={src}
              alt={index === 0 ? product.name : ""}
              className="w-full rounded-[var(--sf-radius)] border border-current/10 object-cover"
              loading={index === 0 ? "eager" : "lazy"}
            />
          ))
        ) : (
          <div className="aspect-[4/3] w-full rounded-[var(--sf-radius)] bg-current/5" />
        )}
      </div>
      <div className="space-y-6">
        <div className="space-y-2">
          <Link href={`/s/${encodeURIComponent(shop.subdomain)}`} className="text-sm underline">
            ← {shop.name}
          </Link>
          <h1 className="text-2xl font-bold sm:text-3xl">{product.name}</h1>
          {product.visibility === "on_hold" ? <p className="font-medium">This product is on hold and cannot be bought right now.</p> : null}
        </div>
        <VariantPrices product={product} />
        <Offers product={product} />
        <AddToCart
          subdomain={shop.subdomain}
          product={{
            id: product.id,
            name: product.name,
            path: product.path,
            currency: product.currency,
            quantityMin: product.quantityMin,
            quantityMax: product.quantityMax,
            onHold: product.visibility === "on_hold",
            variants: product.variants,
          }}
        />
        {product.customFields.length ? (
          <p className="text-sm opacity-80">
            At checkout you will be asked for:{" "}
            {product.customFields.map((field) => `${field.name}${field.required ? "" : " (optional)"}`).join(", ")}.
          </p>
        ) : null}
        {product.descriptionHtml ? (
          <section aria-labelledby="description-heading" className="space-y-2">
            <h2 id="description-heading" className="text-lg font-semibold">
              Description
            </h2>
            {/* seller HTML, sanitised when written and again when read (lib/html/seller-html.ts) */}
            <div className="storefront-prose" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
          </section>
        ) : null}
      </div>
    </main>
  );
}

function VariantPrices({ product }: { product: StorefrontProduct }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Variants and prices</caption>
      <thead>
        <tr className="border-b border-current/10">
          <th scope="col" className="py-1 font-medium">
            Variant
          </th>
          <th scope="col" className="py-1 font-medium">
            Price
          </th>
          <th scope="col" className="py-1 font-medium">
            Stock
          </th>
        </tr>
      </thead>
      <tbody>
        {product.variants.map((variant) => (
          <tr key={variant.id} className="border-b border-current/5">
            <td className="py-1.5">{variant.name}</td>
            <td className="py-1.5 tabular-nums">
              {variant.price} {product.currency}
            </td>
            <td className="py-1.5">
              <StockLabel stock={variant.stock} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Quantity deals and bundle offers in the words the calculator applies them. */
function Offers({ product }: { product: StorefrontProduct }) {
  if (!product.deals.length && !product.bundles.length) return null;
  const variantName = (id: number | null) => (id === null ? null : product.variants.find((variant) => variant.id === id)?.name);
  return (
    <section
      aria-labelledby="offers-heading"
      className="space-y-2 rounded-[var(--sf-radius)] border border-current/10 bg-[var(--sf-surface)] p-3"
    >
      <h2 id="offers-heading" className="font-semibold">
        Offers
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {product.deals.map((deal, index) => (
          <li key={`deal-${index}`}>
            Buy {deal.buy}
            {variantName(deal.variantId) ? ` ${variantName(deal.variantId)}` : ""}, get {deal.discounted} more at {Number(deal.percentage)}%
            off
          </li>
        ))}
        {product.bundles.map((bundle, index) => (
          <li key={`bundle-${index}`}>
            {bundle.name}: buy {bundle.products.map((member) => member.name).join(" + ")} together for{" "}
            {bundle.type === "fixed" ? `${bundle.discount} ${product.currency} off` : `${Number(bundle.discount)}% off`}
          </li>
        ))}
      </ul>
    </section>
  );
}
