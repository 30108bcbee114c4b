import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/account/password-forms";

export const metadata: Metadata = { title: "Forgot your password? · Shopdesk" };

export default function ForgotPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">Forgot your password?</h1>
        <ForgotPasswordForm portal={false} />
      </div>
    </main>
  );
}
