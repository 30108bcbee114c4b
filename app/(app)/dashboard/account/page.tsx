"use client";
import { ApiKeys } from "@/components/account/api-keys";
import { ChangePasswordForm } from "@/components/account/change-password";
import { SessionsList } from "@/components/account/sessions-list";
import { TwoFactorSection } from "@/components/account/two-factor";
import { PageHeading } from "@/components/page-heading";

/** The signed-in person's account: API keys, password, two-factor sign-in, sessions. */
export default function AccountPage() {
  return (
    <section className="space-y-6">
      <PageHeading
        title="Account"
        description="API keys let your own software call the Shopdesk API as you, with your role in each shop. A read-only key can change nothing; a key can be limited to some shops and given an expiry. Keys are created and revoked here only, never with a key."
      />
      <ApiKeys />
      <ChangePasswordForm />
      <TwoFactorSection />
      <SessionsList />
    </section>
  );
}
