"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { FormFooter } from "@/components/form-footer";
import { Field } from "@/components/field";
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  type DisableTwoFactorInput,
  type EnableTwoFactorInput,
  type TwoFactorSetupView,
} from "@/lib/auth/schemas";
import { showApiErrors } from "@/lib/client/form-errors";
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor, useTwoFactorStatus } from "@/lib/client/hooks/two-factor";

/**
 * The account page's two-factor sign-in (docs/accounts.md): turn it on (a QR
 * code of the new secret for an authenticator app, the secret as text, a
 * code to confirm), then the ten recovery codes, shown once; or turn it off
 * with the password and a code.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetupView | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [off, setOff] = useState<string | null>(null);
  const start = useSetupTwoFactor();

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : status.error ? (
        <p className="text-sm text-red-600">The two-factor settings could not be loaded.</p>
      ) : status.data.enabled ? (
        <>
          <p className="text-sm text-slate-600">
            On since {status.data.enabled_at ? new Date(status.data.enabled_at).toLocaleString() : "—"}. Signing in asks for a code of your
            authenticator app. {status.data.recovery_codes_left} recovery code{status.data.recovery_codes_left === 1 ? "" : "s"} left.
          </p>
          <DisableForm onDone={setOff} />
        </>
      ) : setup ? (
        <EnableForm
          setup={setup}
          onEnabled={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
          }}
          onCancel={() => setSetup(null)}
        />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Off. With it on, signing in needs your password and a 6-digit code from an authenticator app on your phone (any app for TOTP
            codes).
          </p>
          {off ? (
            <p role="status" className="text-sm text-green-700">
              {off}
            </p>
          ) : null}
          {start.error ? (
            <p role="alert" className="text-sm text-red-600">
              {start.error.message}
            </p>
          ) : null}
          <Button
            disabled={start.isPending}
            onClick={() => {
              setOff(null);
              start.mutate(undefined, { onSuccess: setSetup });
            }}
          >
            {start.isPending ? "Starting…" : "Turn on two-factor sign-in"}
          </Button>
        </>
      )}
    </section>
  );
}

/** The QR code of the otpauth URL, drawn by the `qrcode` library (loaded with this step only) as an image. */
function QrCode({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import("qrcode").then(async ({ toDataURL }) => {
      const data = await toDataURL(url, { margin: 1, width: 200, errorCorrectionLevel: "M" });
      if (current) setImage(data);
    });
    return () => {
      current = false;
    };
  }, [url]);
  return image ? (
    // eslint-disable-next-line @next/next/no-img-element -- a data URL made in the browser: nothing for next/image to optimise
    <img src={image} width={200} height={200} alt="QR code to scan with your authenticator app" data-testid="totp-qr" />
  ) : (
    <div className="size-[200px] animate-pulse rounded bg-slate-100" role="progressbar" aria-label="Drawing the QR code" />
  );
}

function EnableForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupView;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const form = useForm<EnableTwoFactorInput>({ resolver: zodResolver(enableTwoFactorSchema), defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      onEnabled((await enable.mutateAsync(input)).recovery_codes);
    } catch (error) {
      showApiErrors(error, form.setError, ["code"]);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-600">1. Scan this QR code with your authenticator app, or type the key below into it.</p>
      <QrCode url={setup.otpauth_url} />
      <p className="text-sm">
        Key:{" "}
        <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1 font-mono">
          {setup.secret}
        </code>
      </p>
      <p className="text-sm text-slate-600">2. Enter the 6-digit code the app shows.</p>
      <Field
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        className="max-w-xs"
        error={errors.code?.message}
        {...form.register("code")}
      />
      <FormFooter error={errors.root?.message} submitting={isSubmitting} submitLabel="Turn on" busyLabel="Checking…" onCancel={onCancel} />
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4" role="status">
      <p className="text-sm font-medium text-amber-900">
        Two-factor sign-in is on. Save these recovery codes now: they are shown only once. Each signs in once without your phone.
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => navigator.clipboard?.writeText(codes.join("\n"))}>
          Copy
        </Button>
        <Button variant="secondary" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function DisableForm({ onDone }: { onDone: (message: string) => void }) {
  const disable = useDisableTwoFactor();
  const form = useForm<DisableTwoFactorInput>({ resolver: zodResolver(disableTwoFactorSchema), defaultValues: { password: "", code: "" } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      onDone((await disable.mutateAsync(input)).message);
    } catch (error) {
      showApiErrors(error, form.setError, ["password", "code"]);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Field
          label="Code from the app, or a recovery code"
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...form.register("code")}
        />
      </div>
      {errors.root ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" variant="danger" disabled={isSubmitting}>
        {isSubmitting ? "Turning off…" : "Turn off two-factor sign-in"}
      </Button>
    </form>
  );
}
