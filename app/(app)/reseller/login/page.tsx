"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SecondFactorStep, type Credentials } from "@/components/account/second-factor-step";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { PortalCard } from "@/components/reseller/portal-card";
import { apiFetch, ApiRequestError } from "@/lib/client/api";
import { useSignInForm } from "@/lib/client/use-sign-in-form";
import type { TwoFactorRequiredView } from "@/lib/auth/schemas";
import type { PortalProfileView, ResellerLoginInput } from "@/lib/reseller/schemas";

export default function ResellerLoginPage() {
  const router = useRouter();
  // The shop field appears only for a person who resells for several shops (the API asks for it).
  const [needsShop, setNeedsShop] = useState(false);
  // two-factor sign-in (turned on in the dashboard, the same account): a second step asks for the code
  const [secondStep, setSecondStep] = useState<Credentials | null>(null);
  const form = useSignInForm({
    fields: ["email", "password", "shop_id", "code"] as const,
    loadSchema: async () => (await import("@/lib/reseller/schemas")).resellerLoginSchema,
    send: async (input: ResellerLoginInput) => {
      let answer: PortalProfileView | TwoFactorRequiredView;
      try {
        answer = await apiFetch("/v1/reseller/auth/login", { method: "POST", body: input });
      } catch (error) {
        if (error instanceof ApiRequestError && error.fieldErrors.shop_id) setNeedsShop(true);
        throw error;
      }
      if ("two_factor_required" in answer) setSecondStep({ email: input.email, password: input.password });
      else router.replace("/reseller");
    },
  });
  const { errors, submitting } = form;

  return (
    <PortalCard title="Sign in as a reseller" subtitle="Buy keys at your reseller price and deliver them from your own shop.">
      <form onSubmit={form.onSubmit} onFocus={() => void form.preload()} noValidate className="space-y-4">
        {secondStep ? (
          <SecondFactorStep credentials={secondStep} error={errors.code} onBack={() => setSecondStep(null)} />
        ) : (
          <>
            <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
            <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
          </>
        )}
        {needsShop ? <Field label="Shop ID" name="shop_id" inputMode="numeric" error={errors.shop_id} /> : null}
        {errors.form ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      <p className="text-sm">
        <Link href="/reseller/forgot-password" className="font-medium text-emerald-800 underline-offset-2 hover:underline">
          Forgot password?
        </Link>{" "}
        <span className="text-slate-600">Invited by a shop? Choose your first password there.</span>
      </p>
      <p className="text-sm text-slate-600">
        Not a reseller yet?{" "}
        <Link href="/reseller/apply" className="font-medium text-emerald-800 underline-offset-2 hover:underline">
          Apply to resell
        </Link>
      </p>
    </PortalCard>
  );
}
