"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import type { LoginInput } from "@/lib/auth/schemas";
import { apiFetch } from "@/lib/client/api";
import { useSignInForm } from "@/lib/client/use-sign-in-form";

export default function LoginPage() {
  const router = useRouter();
  const form = useSignInForm({
    fields: ["email", "password"] as const,
    loadSchema: async () => (await import("@/lib/auth/schemas")).loginSchema,
    send: async (input: LoginInput) => {
      await apiFetch("/v1/auth/login", { method: "POST", body: input });
      router.replace("/dashboard");
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
        <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
        {errors.form ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Signing in…" : "Sign in"}
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
