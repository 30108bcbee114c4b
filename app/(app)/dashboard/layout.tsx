"use client";
import { useRouter } from "next/navigation";
import { Suspense, useEffect } from "react";
import { ReauthDialog } from "@/components/account/reauth-dialog";
import { DashboardShell } from "@/components/dashboard-shell";
import { Skeleton } from "@/components/notice";
import { Providers } from "@/components/providers";
import { ApiRequestError } from "@/lib/client/api";
import { useMe } from "@/lib/client/hooks/account";

/**
 * Every dashboard page needs a signed-in seller; without a session it goes
 * to /login. The query cache lives here and in the portal, not in the root
 * layout, so the sign-in pages do not load it.
 */
export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  return (
    <Providers>
      <SignedInDashboard>
        {/* pages read their URL in the browser (useSearchParams): a prerendered shell would wait here (app/(app)/layout.tsx renders per request) */}
        <Suspense fallback={<Skeleton label="Loading the page" />}>{children}</Suspense>
      </SignedInDashboard>
    </Providers>
  );
}

function SignedInDashboard({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const me = useMe();
  const signedOut = me.error instanceof ApiRequestError && me.error.status === 401;

  useEffect(() => {
    if (signedOut) router.replace("/login");
  }, [signedOut, router]);

  if (!me.data) {
    return (
      <div className="flex min-h-screen items-center justify-center text-sm text-slate-500" role="status">
        {me.error && !signedOut ? "The dashboard could not load. Reload the page to try again." : "Loading…"}
      </div>
    );
  }
  return (
    <>
      <DashboardShell me={me.data}>{children}</DashboardShell>
      <ReauthDialog />
    </>
  );
}
