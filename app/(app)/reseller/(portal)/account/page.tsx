"use client";
import { ChangePasswordForm } from "@/components/account/change-password";
import { usePortalProfile } from "@/lib/client/hooks/reseller";

/** The reseller's own account: who is signed in, and the password (the same account as the dashboard's, if they sell too). */
export default function PortalAccountPage() {
  const profile = usePortalProfile();
  const { user } = profile.data!;
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Account</h1>
        <p className="mt-1 text-sm text-slate-600">
          Signed in as <span className="font-medium">{user.email}</span>. Forgot the password? Sign out and use “Forgot password?” on the
          sign-in page.
        </p>
      </div>
      <ChangePasswordForm portal />
    </section>
  );
}
