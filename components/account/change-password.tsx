"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { changePasswordSchema, type ChangePasswordInput } from "@/lib/auth/schemas";
import { showApiErrors } from "@/lib/client/form-errors";
import { useChangePassword } from "@/lib/client/hooks/sessions";

/**
 * The account page's password form (the dashboard's, or with `portal` the
 * reseller portal's): the current password, a new one of 12 characters or
 * more; every other session ends.
 */
export function ChangePasswordForm({ portal = false }: { portal?: boolean }) {
  const change = useChangePassword(portal);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    setDone(null);
    try {
      setDone((await change.mutateAsync(input)).message);
      form.reset();
    } catch (error) {
      showApiErrors(error, form.setError, ["current_password", "password"]);
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="password-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="password-heading" className="text-lg font-semibold">
        Password
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register("current_password")}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
      </div>
      <p className="text-sm text-slate-500">At least 12 characters. Changing it signs out every other session.</p>
      {errors.root ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-green-700">
          {done}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
