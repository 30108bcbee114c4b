"use client";
import { useState } from "react";
import { Button } from "@/components/button";
import { useRotateCredential } from "@/lib/client/hooks/reseller";
import { CopyButton } from "@/components/copy-button";

type Credential = "api-key" | "signing-secret" | "dynamic-token";

type Props = {
  credential: Credential;
  title: string;
  description: string;
  /** what is known of the current value (a prefix, the token itself, or nothing) */
  current: React.ReactNode;
  buttonLabel: string;
  /** asked before replacing a value that is in use; null when there is nothing to replace */
  confirmation: string | null;
};

const valueOf = (answer: Record<string, string>) => Object.values(answer)[0] ?? "";

/** One credential of the reseller: its current state, and a rotation whose new value is shown once, here. */
export function CredentialCard({ credential, title, description, current, buttonLabel, confirmation }: Props) {
  const rotate = useRotateCredential(credential);
  const [shown, setShown] = useState<string | null>(null);

  const run = () => {
    if (confirmation && !window.confirm(confirmation)) return;
    rotate.mutate(undefined, { onSuccess: (answer) => setShown(valueOf(answer)) });
  };

  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`${credential}-title`}>
      <div>
        <h2 id={`${credential}-title`} className="font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      <div className="text-sm">{current}</div>
      <Button variant={confirmation ? "secondary" : "primary"} disabled={rotate.isPending} onClick={run}>
        {rotate.isPending ? "Working…" : buttonLabel}
      </Button>
      {rotate.error ? (
        <p role="alert" className="text-sm text-red-700">
          {rotate.error.message}
        </p>
      ) : null}
      {shown ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3" role="status">
          <p className="text-sm font-medium text-amber-900">
            {credential === "dynamic-token" ? "New token: your dynamic URLs below use it now." : "Copy it now: it is shown only once."}
          </p>
          <code data-testid={`new-${credential}`} className="mt-2 block break-all rounded bg-white p-2 font-mono text-sm">
            {shown}
          </code>
          <div className="mt-2 flex gap-2">
            <CopyButton text={shown} />
            <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setShown(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
