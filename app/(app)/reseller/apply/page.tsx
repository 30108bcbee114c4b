"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { ApplicationSent } from "@/components/reseller/application-sent";
import { PortalCard } from "@/components/reseller/portal-card";
import { showApiErrors } from "@/lib/client/form-errors";
import { useApplyToResell, usePortalProfile } from "@/lib/client/hooks/reseller";
import { applySchema, type ApplyInput } from "@/lib/reseller/schemas";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

/**
 * Apply to resell for a shop (a seller shares /reseller/apply?shop_id=N).
 * A signed-in portal user applies as itself; anyone else gives the email
 * and password of an existing account (applied at once) or of the account to
 * create, which the e-mailed link makes (lib/reseller/apply.ts).
 */
function ApplyForm() {
  const search = useSearchParams();
  const profile = usePortalProfile();
  const apply = useApplyToResell();
  const signedIn = profile.data?.user;
  const form = useForm<z.input<typeof applySchema>, unknown, ApplyInput>({
    resolver: zodResolver(applySchema),
    defaultValues: { shop_id: search.get("shop_id") ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await apply.mutateAsync(signedIn ? { shop_id: input.shop_id } : input);
    } catch (error) {
      showApiErrors(error, form.setError, ["shop_id", "email", "password", "name"]);
    }
  });

  if (apply.data && !("reseller" in apply.data)) {
    return (
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
        {apply.data.message}
      </p>
    );
  }
  if (apply.data) return <ApplicationSent shopName={apply.data.reseller.shop.name} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field
        label="Shop ID"
        inputMode="numeric"
        error={errors.shop_id?.message}
        {...form.register("shop_id", { setValueAs: emptyToUndefined })}
      />
      {signedIn ? (
        <p className="text-sm text-slate-600">Applying as {signedIn.email}.</p>
      ) : (
        <>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register("email", { setValueAs: emptyToUndefined })}
          />
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register("password", { setValueAs: emptyToUndefined })}
          />
          <p className="-mt-3 text-xs text-slate-500">
            Your Shopdesk password, or a new one (12 characters or more) for a new account: we e-mail you a link to confirm it.
          </p>
          <Field
            label="Name (new accounts)"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register("name", { setValueAs: emptyToUndefined })}
          />
        </>
      )}
      {errors.root ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Send application"}
      </Button>
    </form>
  );
}

export default function ApplyPage() {
  return (
    <PortalCard
      title="Apply to resell"
      subtitle="The shop's seller reviews your application; once approved you sign in here and buy at reseller prices."
    >
      <Suspense fallback={<div className="h-72" aria-label="Loading the form" />}>
        <ApplyForm />
      </Suspense>
      <p className="text-sm text-slate-600">
        Already approved?{" "}
        <Link href="/reseller/login" className="font-medium text-emerald-800 underline-offset-2 hover:underline">
          Sign in
        </Link>
      </p>
    </PortalCard>
  );
}
