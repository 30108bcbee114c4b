"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Providers } from "@/components/providers";
import { PortalHeader } from "@/components/reseller/portal-header";
import { ApiRequestError } from "@/lib/client/api";
import { usePortalProfile } from "@/lib/client/hooks/reseller";

/** The signed-in portal: without a reseller session every page goes to /reseller/login. */
export default function PortalLayout({ children }: { children: React.ReactNode }) {
  return (
    <Providers>
      <SignedInPortal>{children}</SignedInPortal>
    </Providers>
  );
}

function SignedInPortal({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const profile = usePortalProfile();
  const signedOut = profile.error instanceof ApiRequestError && profile.error.status === 401;

  useEffect(() => {
    if (signedOut) router.replace("/reseller/login");
  }, [signedOut, router]);

  if (!profile.data) {
    return (
      <div
        className="flex min-h-screen items-center justify-center text-sm text-slate-500"
        role={profile.error && !signedOut ? "alert" : "status"}
      >
        {profile.error && !signedOut ? "The portal could not load. Reload the page to try again." : "Loading…"}
      </div>
    );
  }
  return (
    <div className="min-h-screen">
      <PortalHeader profile={profile.data} />
      <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
    </div>
  );
}
