"use client";
import { useId, useState } from "react";
import type { OrderLookupAcceptedView } from "@/lib/order-lookup/schemas";
import { storefrontCall, type CallError } from "@/lib/storefront/client/call";
import { EmailField } from "./email-field";

/** "Find my orders": the address to send the link to. The answer is the same whether or not it has orders here. */
export function OrderLookupForm({ subdomain }: { subdomain: string }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<CallError | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    const result = await storefrontCall<OrderLookupAcceptedView>(subdomain, "orders", { email });
    setSending(false);
    if (result.ok) setSent(result.data.message);
    else setError(result.error);
  }

  if (sent) {
    return (
      <div role="status" className="space-y-2 rounded-[var(--sf-radius)] border border-current/10 bg-[var(--sf-surface)] p-4">
        <p className="font-medium">{sent}</p>
        <p className="text-sm opacity-80">The link works once, for an hour. It can take a minute to arrive; check your spam folder too.</p>
        <button type="button" className="text-sm underline" onClick={() => setSent(null)}>
          Use another address
        </button>
      </div>
    );
  }

  const fieldError = error?.errors?.email?.[0];
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-[var(--sf-radius)] border border-current/10 bg-[var(--sf-surface)] p-4">
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} error={fieldError} />
      {error && !fieldError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error.message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className="rounded-[var(--sf-radius)] bg-[var(--sf-primary)] px-5 py-2 font-semibold text-[var(--sf-on-primary)] disabled:opacity-50"
      >
        {sending ? "Sending…" : "Email me a link"}
      </button>
    </form>
  );
}
