import type { Metadata } from "next";
import { Suspense } from "react";
import "./portal.css";

export const metadata: Metadata = {
  title: "Shopdesk reseller portal",
  description: "Buy keys at your reseller price and deliver them from your own shop",
};

/**
 * Every /reseller page, signed in or not, wears the portal's accent (see
 * portal.css). Its pages read their URL in the browser: the boundary would
 * let a build prerender the shell without it (none does since
 * app/(app)/layout.tsx renders every page per request).
 */
export default function ResellerRootLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="reseller-portal min-h-screen bg-emerald-50/50">
      <Suspense>{children}</Suspense>
    </div>
  );
}
