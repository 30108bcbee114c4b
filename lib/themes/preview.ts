import { themeCssVariables, type ThemeSettings } from "../storefront/theme";

const SAMPLE_PRODUCTS = [
  { name: "Steam key", price: "9.99" },
  { name: "Gift card", price: "25.00" },
  { name: "Coaching hour", price: "40.00" },
];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/**
 * A miniature storefront (header, a few product cards, a button) in `settings`,
 * as a whole HTML document for the editor's `<iframe sandbox srcdoc>`. Its CSS
 * is the storefront's own variables (`themeCssVariables`: values from closed
 * sets and `#rrggbb` only) with fixed rules; the only text from outside is
 * the shop's name, escaped. The frame runs no script.
 */
export function themePreviewDocument(settings: ThemeSettings, shopName: string): string {
  const variables = Object.entries(themeCssVariables(settings))
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  const cards = SAMPLE_PRODUCTS.map(
    (product) =>
      `<li class="card"><div class="image"></div><div class="body"><strong>${product.name}</strong><span>From ${product.price} USD</span><span class="stock">In stock</span></div></li>`,
  ).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title><style>
:root{${variables}}
*{box-sizing:border-box}
body{margin:0;background:var(--sf-background);color:var(--sf-text);font-family:var(--sf-font);font-size:14px}
header{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:10px 14px;background:var(--sf-surface);border-bottom:1px solid color-mix(in srgb,currentColor 10%,transparent)}
header strong{font-size:16px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{padding:14px}
.hero{padding:16px;border-radius:var(--sf-radius);background:var(--sf-surface);margin-bottom:14px}
.hero h1{margin:0 0 4px;font-size:20px}
.hero p{margin:0 0 10px}
.button{display:inline-block;border:0;padding:8px 14px;border-radius:var(--sf-radius);background:var(--sf-primary);color:var(--sf-on-primary);font:inherit;font-weight:600}
.cart{padding:6px 10px;border:1px solid var(--sf-primary);border-radius:var(--sf-radius);color:inherit}
ul{list-style:none;margin:0;padding:0;display:grid;gap:10px}
.grid ul{grid-template-columns:repeat(auto-fill,minmax(120px,1fr))}
.card{display:flex;overflow:hidden;border-radius:var(--sf-radius);border:1px solid color-mix(in srgb,currentColor 10%,transparent);background:var(--sf-surface)}
.grid .card{flex-direction:column}
.list .card{flex-direction:row;align-items:center}
.image{background:color-mix(in srgb,var(--sf-primary) 25%,var(--sf-surface))}
.grid .image{aspect-ratio:4/3;width:100%}
.list .image{width:64px;height:64px;flex-shrink:0}
.body{display:flex;flex-direction:column;gap:2px;padding:8px}
.stock{font-size:12px;opacity:.8}
</style></head><body class="${settings.layout}">
<header><strong>${escapeHtml(shopName)}</strong><span class="cart">Cart (0)</span></header>
<main><section class="hero"><h1>${escapeHtml(shopName)}</h1><p>Welcome to the shop.</p><span class="button" id="buy">Add to cart</span></section>
<h2>Products</h2><ul>${cards}</ul></main></body></html>`;
}
