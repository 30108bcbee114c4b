"use client";
import { useState } from "react";
import { Field } from "@/components/field";

export type Credentials = { email: string; password: string };

/**
 * The sign-in's second step (the dashboard's and the portal's), once the
 * first answered `two_factor_required`: the same form sends the email and
 * password again (kept in hidden inputs) with the code of the authenticator
 * app, or a recovery code.
 */
export function SecondFactorStep({ credentials, error, onBack }: { credentials: Credentials; error?: string; onBack: () => void }) {
  const [recovery, setRecovery] = useState(false);
  return (
    <>
      <input type="hidden" name="email" value={credentials.email} />
      <input type="hidden" name="password" value={credentials.password} />
      <p className="text-sm text-slate-600">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once."
          : "Enter the 6-digit code your authenticator app shows for Shopdesk."}
      </p>
      <Field
        key={recovery ? "recovery" : "app"}
        label={recovery ? "Recovery code" : "Authentication code"}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        error={error}
      />
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <button type="button" onClick={() => setRecovery(!recovery)} className="font-medium text-slate-900 underline underline-offset-2">
          {recovery ? "Use the app's code instead" : "Use a recovery code instead"}
        </button>
        <button type="button" onClick={onBack} className="text-slate-600 underline underline-offset-2">
          Back
        </button>
      </div>
    </>
  );
}
