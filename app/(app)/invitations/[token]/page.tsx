"use client";
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { apiFetch } from "@/lib/client/api";
import { useSignInForm } from "@/lib/client/use-sign-in-form";
import type { AcceptedInvitationView, AcceptInvitationInput } from "@/lib/members/schemas";

/**
 * The e-mailed invitation's link. Opening it changes nothing (mail scanners
 * fetch links); the button accepts: signed in, as that account; otherwise it
 * makes the account with the name and password given here, and signs it in.
 */
export default function InvitationPage() {
  const { token } = useParams<{ token: string }>();
  const router = useRouter();
  const form = useSignInForm({
    fields: ["token", "name", "password"] as const,
    loadSchema: async () => (await import("@/lib/members/schemas")).acceptInvitationBody,
    send: async (input: AcceptInvitationInput) => {
      const accepted = await apiFetch<AcceptedInvitationView>("/v1/invitations/accept", { method: "POST", body: input });
      router.replace(`/dashboard/${accepted.shop.id}`);
    },
  });
  const { errors, submitting } = form;

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <form
        onSubmit={form.onSubmit}
        onFocus={() => void form.preload()}
        noValidate
        className="w-full max-w-sm space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <div>
          <h1 className="text-xl font-semibold">Join a shop on Shopdesk</h1>
          <p className="mt-1 text-sm text-slate-500">
            New to Shopdesk? Choose your name and a password (at least 12 characters). Already have an account with the invited address?{" "}
            <Link href="/login" className="text-blue-700 underline">
              Sign in
            </Link>
            , open this link again and accept.
          </p>
        </div>
        <input type="hidden" name="token" value={token} />
        <Field label="Your name" name="name" autoComplete="name" error={errors.name} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
        {errors.form || errors.token ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.token ?? errors.form}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Accepting…" : "Accept the invitation"}
        </Button>
      </form>
    </main>
  );
}
