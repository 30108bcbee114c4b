import { plainTextOf } from "../html/seller-html";
import type { StorefrontProduct } from "./catalog";
import { storefrontUrl } from "./paths";

/** schema.org Product with one Offer per variant, for search engines (escape it with jsonLdScriptBody). */
export function productJsonLd(product: StorefrontProduct, url: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: plainTextOf(product.descriptionHtml, 5000) || undefined,
    image: product.imagePaths.map((path) => storefrontUrl(path)),
    url,
    offers: product.variants.map((variant) => ({
      "@type": "Offer",
      name: variant.name,
      price: variant.price,
      priceCurrency: product.currency,
      url,
      availability:
        product.visibility === "on_hold" || variant.stock.kind === "out" ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
    })),
  };
}
