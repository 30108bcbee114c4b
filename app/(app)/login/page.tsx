"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SecondFactorStep, type Credentials } from "@/components/account/second-factor-step";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import type { LoginInput, SignedInView, TwoFactorRequiredView } from "@/lib/auth/schemas";
import { apiFetch } from "@/lib/client/api";
import { useSignInForm } from "@/lib/client/use-sign-in-form";

export default function LoginPage() {
  const router = useRouter();
  // with two-factor sign-in on, the password's answer asks for a code: the same form, a second step
  const [secondStep, setSecondStep] = useState<Credentials | null>(null);
  const form = useSignInForm({
    fields: ["email", "password", "code"] as const,
    loadSchema: async () => (await import("@/lib/auth/schemas")).loginSchema,
    send: async (input: LoginInput) => {
      const answer = await apiFetch<SignedInView | TwoFactorRequiredView>("/v1/auth/login", { method: "POST", body: input });
      if ("two_factor_required" in answer) setSecondStep({ email: input.email, password: input.password });
      else router.replace("/dashboard");
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
          <h1 className="text-xl font-semibold">Sign in to Shopdesk</h1>
          <p className="mt-1 text-sm text-slate-500">Manage your shops, orders and stock.</p>
        </div>
        {secondStep ? (
          <SecondFactorStep credentials={secondStep} error={errors.code} onBack={() => setSecondStep(null)} />
        ) : (
          <>
            <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
            <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
          </>
        )}
        {errors.form ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Signing in…" : secondStep ? "Verify" : "Sign in"}
        </Button>
        <p className="text-sm">
          <Link href="/forgot-password" className="font-medium text-slate-900 underline underline-offset-2">
            Forgot password?
          </Link>
        </p>
      </form>
    </main>
  );
}
