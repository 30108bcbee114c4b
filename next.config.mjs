/** The storefront's policy: its pages are served from the cache, so it carries no nonce (see docs/storefront.md). */
const storefrontPolicy = [
  "default-src 'self'",
  // the framework's inline data (the RSC payload) runs inline; everything else only from this origin
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self' https://checkout.stripe.com",
  "base-uri 'none'",
  "object-src 'none'",
].join("; ");

/**
 * Every other page and answer: never framed, nothing sniffed. Their
 * Content-Security-Policy (a nonce per page) is set per request by server.ts
 * (lib/api/content-security-policy.ts).
 */
const appHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets several checkouts or test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pdfkit", "pg"],
  poweredByHeader: false,
  // .ci/run type-checks the whole tree (`npm run typecheck`) before it builds: the build need not check it again.
  typescript: { ignoreBuildErrors: process.env.SHOPDESK_TYPECHECKED === "1" },
  cacheComponents: true,
  // A storefront URL's first visit waits for its page (never a content-less shell a crawler could keep); later visits are cached.
  partialPrefetching: false,
  // Each cache (pages, 'use cache' data) holds at most this much per process: RSS stays bounded.
  cacheMaxMemorySize: 32 * 1024 * 1024,
  experimental: {
    // Cached pages live in memory only: nothing another process or machine needs is on local disk.
    isrFlushToDisk: false,
  },
  // before any render, so the answer is a real 307 (a page that redirects while streaming answers 200)
  async redirects() {
    return [{ source: "/", destination: "/dashboard", permanent: false }];
  },
  async headers() {
    return [
      { source: "/((?!s/|_next/).*)", headers: appHeaders },
      // the buyer's page shows delivered keys and its URL is the only key to it: it leaks to no other site
      { source: "/invoice/:path*", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      {
        source: "/s/:path*",
        headers: [
          { key: "Content-Security-Policy", value: storefrontPolicy },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
