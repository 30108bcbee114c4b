"use client";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import type { ForgotPasswordInput, ResetPasswordInput } from "@/lib/auth/schemas";
import { apiFetch } from "@/lib/client/api";
import { useFragmentToken } from "@/lib/client/use-fragment-token";
import { useSignInForm } from "@/lib/client/use-sign-in-form";

/**
 * "Forgot password?" and the e-mailed link's page, for the dashboard and the
 * reseller portal alike (`portal`): light like the sign-in forms they sit
 * beside (useSignInForm), the API's own schemas and messages.
 */

const base = (portal: boolean) => (portal ? "/v1/reseller/auth/password" : "/v1/auth/password");
const signInPath = (portal: boolean) => (portal ? "/reseller/login" : "/login");
const linkClass = "font-medium text-slate-900 underline underline-offset-2";

export function ForgotPasswordForm({ portal }: { portal: boolean }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useSignInForm({
    fields: ["email"] as const,
    loadSchema: async () => (await import("@/lib/auth/schemas")).forgotPasswordSchema,
    send: async (input: ForgotPasswordInput) => {
      const answer = await apiFetch<{ message: string }>(`${base(portal)}/forgot`, { method: "POST", body: input });
      setSent(answer.message);
    },
  });
  const { errors, submitting } = form;
  if (sent) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-slate-700">
          {sent}
        </p>
        <p className="text-sm">
          <Link href={signInPath(portal)} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={form.onSubmit} onFocus={() => void form.preload()} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Enter the address you sign in with: we e-mail it a link to set a new password.</p>
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
      {errors.form ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Sending…" : "Send the link"}
      </Button>
      <p className="text-sm">
        <Link href={signInPath(portal)} className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </form>
  );
}

/** The token rides in the link's fragment (`#token=…`), which no request, and no Referer, carries. */
export function ResetPasswordForm({ portal }: { portal: boolean }) {
  const token = useFragmentToken();
  const [done, setDone] = useState<string | null>(null);
  const form = useSignInForm({
    fields: ["password", "token"] as const,
    loadSchema: async () => (await import("@/lib/auth/schemas")).resetPasswordSchema,
    send: async (input: ResetPasswordInput) => {
      const answer = await apiFetch<{ message: string }>(`${base(portal)}/reset`, { method: "POST", body: input });
      setDone(answer.message);
    },
  });
  const { errors, submitting } = form;
  if (done) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-slate-700">
          {done}
        </p>
        <p className="text-sm">
          <Link href={signInPath(portal)} className={linkClass}>
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  if (token === null) {
    return (
      <p role="alert" className="text-sm text-red-600">
        This page needs the link from the e-mail.{" "}
        <Link href={portal ? "/reseller/forgot-password" : "/forgot-password"} className={linkClass}>
          Ask for a new one
        </Link>
        .
      </p>
    );
  }
  const tokenError = errors.token;
  return (
    <form onSubmit={form.onSubmit} onFocus={() => void form.preload()} noValidate className="space-y-4">
      <input type="hidden" name="token" value={token ?? ""} />
      <Field label="New password" name="password" type="password" autoComplete="new-password" error={errors.password} />
      <p className="text-sm text-slate-500">At least 12 characters. Setting it signs your account out everywhere.</p>
      {tokenError || errors.form ? (
        <p role="alert" className="text-sm text-red-600">
          {tokenError ?? errors.form}{" "}
          {tokenError ? (
            <Link href={portal ? "/reseller/forgot-password" : "/forgot-password"} className={linkClass}>
              Ask for a new link
            </Link>
          ) : null}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={submitting || !token}>
        {submitting ? "Saving…" : "Set the password"}
      </Button>
    </form>
  );
}
