import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/account/password-forms";

export const metadata: Metadata = { title: "Set a new password · Shopdesk" };

export default function ResetPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">Set a new password</h1>
        <ResetPasswordForm portal={false} />
      </div>
    </main>
  );
}
