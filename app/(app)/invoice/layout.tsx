import { Suspense } from "react";
import { Providers } from "@/components/providers";

/**
 * This page's query cache (the root layout has none, so the sign-in pages
 * stay light). The page renders in the browser from its URL: the boundary
 * would let a build prerender its shell without the unique id (none does
 * since app/(app)/layout.tsx renders every page per request).
 */
export default function WithQueries({ children }: { children: React.ReactNode }) {
  return (
    <Providers>
      <Suspense>{children}</Suspense>
    </Providers>
  );
}
