"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { FormFooter } from "@/components/form-footer";
import { Dialog } from "@/components/dialog";
import { Field } from "@/components/field";
import { reauthenticateSchema, type ReauthenticateInput } from "@/lib/auth/schemas";
import { setReauthPrompt } from "@/lib/client/api";
import { showApiErrors } from "@/lib/client/form-errors";
import { reauthenticate, useTwoFactorStatus } from "@/lib/client/hooks/two-factor";

type Waiting = { promise: Promise<boolean>; resolve: (done: boolean) => void };

/**
 * The dashboard's answer to 403 `reauthentication_required` (a sensitive
 * change more than 10 minutes after signing in, docs/accounts.md): asks for
 * the password, and the two-factor code when it is on, then lets apiFetch
 * send the change again. Requests that need it at once share one dialog.
 */
export function ReauthDialog() {
  const waiting = useRef<Waiting | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      setReauthPrompt(() => {
        if (!waiting.current) {
          let resolve: (done: boolean) => void = () => undefined;
          const promise = new Promise<boolean>((settle) => (resolve = settle));
          waiting.current = { promise, resolve };
          setOpen(true);
        }
        return waiting.current.promise;
      }),
    [],
  );

  const finish = (done: boolean) => {
    waiting.current?.resolve(done);
    waiting.current = null;
    setOpen(false);
  };

  return (
    <Dialog open={open} onClose={() => finish(false)} title="Confirm it is you">
      <ReauthForm onDone={() => finish(true)} onCancel={() => finish(false)} />
    </Dialog>
  );
}

function ReauthForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const twoFactor = useTwoFactorStatus();
  const form = useForm<ReauthenticateInput>({ resolver: zodResolver(reauthenticateSchema), defaultValues: { password: "" } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await reauthenticate(input);
      onDone();
    } catch (error) {
      showApiErrors(error, form.setError, ["password", "code"]);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-600">
        Payouts, payment credentials, the team, API keys and two-factor sign-in need your password when you signed in more than 10 minutes
        ago.
      </p>
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        error={errors.password?.message}
        {...form.register("password")}
      />
      {twoFactor.data?.enabled ? (
        <Field
          label="Two-factor code"
          autoComplete="one-time-code"
          placeholder="6 digits, or a recovery code"
          error={errors.code?.message}
          {...form.register("code", { setValueAs: (value: string) => value.trim() || undefined })}
        />
      ) : null}
      <FormFooter error={errors.root?.message} submitting={isSubmitting} submitLabel="Confirm" busyLabel="Checking…" onCancel={onCancel} />
    </form>
  );
}
