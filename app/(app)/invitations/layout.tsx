import { Suspense } from "react";

/** The page renders in the browser from its URL: the boundary lets the build prerender its shell without the token. */
export default function InvitationLayout({ children }: { children: React.ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
