import { describe, expect, test } from "vitest";
import { jsonLdScriptBody } from "../../lib/html/json-ld";
import { plainTextOf, sanitizeSellerHtml } from "../../lib/html/seller-html";

const REL = 'rel="nofollow ugc noopener"';

/** [what it tries, the seller's HTML, what is stored] */
const CASES: [string, string, string][] = [
  ["an event handler on a broken image", "<img src=x onerror=alert(1)>", ""],
  ["a script, content and all", "<p>a</p><script>alert(1)</script>", "<p>a</p>"],
  ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
  ["a javascript: link in mixed case", '<a href="JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
  ["a javascript: link written in entities", '<a href="&#106;avascript&colon;alert(1)">x</a>', "<a>x</a>"],
  ["a javascript: link split by a tab", '<a href="java\tscript:alert(1)">x</a>', "<a>x</a>"],
  ["a data: link", '<a href="data:text/html,<script>alert(1)</script>">x</a>', "<a>x</a>"],
  ["a relative link into our own routes", '<a href="/v1/shops">x</a>', "<a>x</a>"],
  ["a style attribute", '<p style="position:fixed;inset:0">hi</p>', "<p>hi</p>"],
  ["a style element", "<style>body{display:none}</style><p>hi</p>", "<p>hi</p>"],
  ["class and id", '<p class="btn" id="checkout">hi</p>', "<p>hi</p>"],
  ["an iframe, fallback and all", '<iframe src="https://evil/"><b>in</b></iframe>after', "after"],
  ["an SVG with onload", "<svg onload=alert(1)><text>t</text></svg>after", "after"],
  ["MathML", "<math><mi>x</mi></math>after", "after"],
  ["a form keeps its text only", '<form action="https://evil/"><input name="card"><button>Pay</button></form>', "Pay"],
  ["object and embed", '<object data="x.swf"><embed src="y.swf">fallback</object>', "fallback"],
  ["a textarea holding markup", "<textarea><img src=x onerror=alert(1)></textarea>after", "after"],
  ["noscript hiding a closing tag in an attribute", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ""],
  ["an image from another host", '<img src="https://evil/x.png">', ""],
  ["a protocol-relative image", '<img src="//evil/x.png">', ""],
  ["a data: image", '<img src="data:image/png;base64,iVBORw0KGgo=">', ""],
  ["an image path that leaves /cdn/", '<img src="/cdn/../v1/shops">', ""],
  ["an image path with a query", '<img src="/cdn/abc?x=1">', ""],
  [
    "our own /cdn/ image keeps src, alt and pixel sizes only",
    '<img src="/cdn/abc.png" alt="Box art" width="120" height="50%" onerror="x" class="c">',
    '<img src="/cdn/abc.png" alt="Box art" width="120" />',
  ],
  ["an https link opens in a new tab", '<a href="https://x">x</a>', `<a href="https://x" ${REL} target="_blank">x</a>`],
  [
    "a seller's own rel and target are replaced",
    '<a href="http://x.example/?a=1&b=2" rel="opener" target="_self" onclick="x()">x</a>',
    `<a href="http://x.example/?a=1&amp;b=2" ${REL} target="_blank">x</a>`,
  ],
  ["a mailto link gets rel, no target", '<a href="mailto:help@x.example">mail</a>', `<a href="mailto:help@x.example" ${REL}>mail</a>`],
  ["a disallowed heading keeps its text", "<h1>Title</h1><h2>Sub</h2>", "Title<h2>Sub</h2>"],
  [
    "formatting, lists and tables stay",
    "<p><strong>Fast</strong> &amp; <em>safe</em> &lt;3</p><ul><li>one</li></ul><table><tr><td>c</td></tr></table>",
    "<p><strong>Fast</strong> &amp; <em>safe</em> &lt;3</p><ul><li>one</li></ul><table><tr><td>c</td></tr></table>",
  ],
  [
    "the seed's descriptions are unchanged",
    "<p>A $25 gift card code fetched from our supplier the moment you pay.</p>",
    "<p>A $25 gift card code fetched from our supplier the moment you pay.</p>",
  ],
];

describe("sanitizeSellerHtml", () => {
  for (const [name, input, output] of CASES) {
    test(name, () => {
      expect(sanitizeSellerHtml(input)).toBe(output);
      // an update that sends back what GET answered stores the same thing
      expect(sanitizeSellerHtml(output)).toBe(output);
    });
  }
});

test("plainTextOf reads the text between blocks as words and collapses whitespace", () => {
  expect(plainTextOf("<p>Hello <strong>wor</strong>ld</p><p>Fish&nbsp;&amp;\n\n chips &lt;3</p><ul><li>a</li><li>b</li></ul>")).toBe(
    "Hello world Fish & chips <3 a b",
  );
  expect(plainTextOf('<script>alert(1)</script><img src="/cdn/a.png" alt="alt text">only this')).toBe("only this");
  expect(plainTextOf("")).toBe("");
});

test("plainTextOf cuts at a word boundary to at most max characters, the ellipsis included", () => {
  expect(plainTextOf("The quick brown fox jumps over the lazy dog", 20)).toBe("The quick brown fox…");
  expect(plainTextOf("The quick brown fox jumps", 16)).toBe("The quick brown…");
  expect(plainTextOf("The quick brown fox", 19)).toBe("The quick brown fox");
  // a single word longer than max is cut inside it
  expect(plainTextOf("Supercalifragilistic", 10)).toBe("Supercali…");
  const long = `<p>${"word ".repeat(100)}</p>`;
  expect(plainTextOf(long).length).toBeLessThanOrEqual(160);
  expect(plainTextOf(long).endsWith("word…")).toBe(true);
});

test("jsonLdScriptBody cannot close its script element and parses back to the same value", () => {
  const value = { "@type": "Product", name: "</script><script>alert(1)</script> <!-- & \u2028\u2029" };
  const body = jsonLdScriptBody(value);
  expect(body).toBe(
    '{"@type":"Product","name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u003c!-- \\u0026 \\u2028\\u2029"}',
  );
  expect(body).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(body)).toEqual(value);
  expect(jsonLdScriptBody(undefined)).toBe("null");
});
