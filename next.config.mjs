/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets several checkouts or test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pdfkit", "pg"],
  poweredByHeader: false,
  cacheComponents: true,
};

export default nextConfig;
