import sanitizeHtml from "sanitize-html";

/**
 * Seller-written HTML (product and variant descriptions, instructions) is
 * shown to buyers on the hosted storefront, on our origin. Anything that runs
 * script, loads from elsewhere or restyles the page there is an attack on the
 * buyer, so the markup is cut down to an allowlist when it is written, and the
 * storefront may render what is stored as is.
 */

/** Prose and lists: enough to format a description, nothing that executes, loads or lays out the page. */
const TEXT_TAGS = ["p", "br", "strong", "b", "em", "i", "u", "s", "h2", "h3", "h4", "blockquote", "code", "pre", "hr", "span", "div"];
const LIST_TAGS = ["ul", "ol", "li"];
// Spec sheets are tables; without attributes a table cannot do more than lay out cells.
const TABLE_TAGS = ["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"];

/**
 * Tags whose content is not prose, or whose content a browser parses by other
 * rules than sanitize-html's parser (raw text, foreign SVG/MathML content):
 * dropped with their content, so nothing inside can resurface as markup.
 * Every other disallowed tag is dropped and its text kept.
 */
const DISCARDED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "xmp",
  "noscript",
  "noembed",
  "noframes",
  "iframe",
  "template",
  "title",
  "svg",
  "math",
];

// Only a link whose scheme cannot run script (javascript:, data:, vbscript: can) or open an app
// behind the buyer's back (tel:, sms:, custom schemes); relative links are refused too, so a link
// never points into our own API or dashboard.
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
// ugc/nofollow: seller links carry no endorsement from us; noopener: the opened page gets no handle
// on the storefront's window (reverse tabnabbing).
const LINK_REL = "nofollow ugc noopener";

// Images only from our own /cdn/ route, as a root-relative path: another host would learn every
// buyer's IP and could swap the picture after review, `//host` and data: are other hosts in
// disguise, and a path that leaves /cdn/ (`/cdn/../v1/...`, a query) would make the buyer's browser
// send a credentialed GET to another route. The ids of app/cdn are [A-Za-z0-9_-]; an extension is tolerated.
const OWN_CDN_SRC = /^\/cdn\/[A-Za-z0-9_-]{1,64}(?:\.[A-Za-z0-9]{1,8})?$/;
const PIXELS = /^\d{1,4}$/;

function safeLink(href: string | undefined): URL | null {
  if (!href) return null;
  try {
    // The WHATWG parser is the browser's: what it calls https: the browser will open as https:.
    const url = new URL(href.trim());
    return LINK_PROTOCOLS.has(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...LIST_TAGS, ...TABLE_TAGS, "a", "img"],
  // No `style` (CSS can overlay a fake checkout or exfiltrate through url()), no `class`/`id`
  // (they would hook the storefront's own styles and scripts, or clobber DOM globals), no on*.
  allowedAttributes: { a: ["href", "rel", "target"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DISCARDED_WITH_CONTENT,
  // The transforms rebuild each attribute list from scratch, so a seller's own rel, target or
  // event handler never survives; the allowlists above are a second fence behind them.
  transformTags: {
    a: (tagName, attribs) => {
      const url = safeLink(attribs.href);
      if (!url) return { tagName, attribs: {} };
      const opensPage = url.protocol !== "mailto:";
      return { tagName, attribs: { href: attribs.href!.trim(), rel: LINK_REL, ...(opensPage ? { target: "_blank" } : {}) } };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim();
      if (!src || !OWN_CDN_SRC.test(src)) return { tagName, attribs: {} };
      const kept: Record<string, string> = { src };
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      for (const side of ["width", "height"] as const) if (attribs[side] && PIXELS.test(attribs[side])) kept[side] = attribs[side];
      return { tagName, attribs: kept };
    },
  },
  // An image whose source was refused is removed whole: an <img> without src is only a broken icon.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** The seller's HTML cut down to the allowlist above. Idempotent: sanitising the output again changes nothing. */
export function sanitizeSellerHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Tags after which the text reads as a new word; inline tags (strong, a, span...) join their neighbours. */
const BLOCK_TAG = /<\/?(?:p|br|h[2-4]|blockquote|pre|hr|div|ul|ol|li|table|caption|thead|tbody|tfoot|tr|th|td)\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;
const ELLIPSIS = "…";

/**
 * The text a buyer reads in `html`, whitespace collapsed, cut at a word
 * boundary to at most `max` characters (the ellipsis included) for a meta
 * description. Plain text, not HTML: the caller's renderer escapes it.
 */
export function plainTextOf(html: string, max = 160): string {
  // Tags are matched by pattern only in the sanitiser's own output, where every `<` and `>` in
  // text and attribute values is escaped: each `<` there starts a tag that ends at the next `>`.
  const text = sanitizeSellerHtml(html)
    .replace(BLOCK_TAG, " ")
    .replace(ANY_TAG, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  if (max < 1) return "";
  const room = max - ELLIPSIS.length;
  const head = text.slice(0, room + 1);
  // the character after the cut is a space: the cut is already at a word boundary
  const atSpace = head.endsWith(" ") ? head.length - 1 : head.lastIndexOf(" ");
  let cut = atSpace > 0 ? text.slice(0, atSpace) : text.slice(0, room);
  // a single word longer than `max` is cut inside; never between the halves of a surrogate pair
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}${ELLIPSIS}`;
}
