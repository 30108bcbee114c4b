import { Suspense } from "react";

/** The page renders in the browser from its URL: the boundary would let a build prerender its shell without the token (app/(app)/layout.tsx renders it per request). */
export default function InvitationLayout({ children }: { children: React.ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
