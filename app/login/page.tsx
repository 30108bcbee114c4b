"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { loginSchema, type LoginInput } from "@/lib/auth/schemas";
import { showApiErrors } from "@/lib/client/form-errors";
import { useLogin } from "@/lib/client/hooks/account";

export default function LoginPage() {
  const router = useRouter();
  const login = useLogin();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await login.mutateAsync(input);
      router.replace("/dashboard");
    } catch (error) {
      showApiErrors(error, form.setError, ["email", "password"]);
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <form onSubmit={submit} noValidate className="w-full max-w-sm space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div>
          <h1 className="text-xl font-semibold">Sign in to Shopdesk</h1>
          <p className="mt-1 text-sm text-slate-500">Manage your shops, orders and stock.</p>
        </div>
        <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register("email")} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        {errors.root ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.root.message}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Sign in"}
        </Button>
      </form>
    </main>
  );
}
