"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { PortalCard } from "@/components/reseller/portal-card";
import { ApiRequestError } from "@/lib/client/api";
import { showApiErrors } from "@/lib/client/form-errors";
import { useResellerLogin } from "@/lib/client/hooks/reseller";
import { resellerLoginSchema, type ResellerLoginInput } from "@/lib/reseller/schemas";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

export default function ResellerLoginPage() {
  const router = useRouter();
  const login = useResellerLogin();
  // The shop field appears only for a person who resells for several shops (the API asks for it).
  const [needsShop, setNeedsShop] = useState(false);
  const form = useForm<z.input<typeof resellerLoginSchema>, unknown, ResellerLoginInput>({
    resolver: zodResolver(resellerLoginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await login.mutateAsync(input);
      router.replace("/reseller");
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors.shop_id) setNeedsShop(true);
      showApiErrors(error, form.setError, ["email", "password", "shop_id"]);
    }
  });

  return (
    <PortalCard title="Sign in as a reseller" subtitle="Buy keys at your reseller price and deliver them from your own shop.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register("email")} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        {needsShop ? (
          <Field
            label="Shop ID"
            inputMode="numeric"
            error={errors.shop_id?.message}
            {...form.register("shop_id", { setValueAs: emptyToUndefined })}
          />
        ) : null}
        {errors.root ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.root.message}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      <p className="text-sm text-slate-600">
        Not a reseller yet?{" "}
        <Link href="/reseller/apply" className="font-medium text-emerald-800 underline-offset-2 hover:underline">
          Apply to resell
        </Link>
      </p>
    </PortalCard>
  );
}
