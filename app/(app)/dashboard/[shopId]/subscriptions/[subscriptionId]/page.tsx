"use client";
import { oneOf } from "@/lib/client/one-of";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import { StatusBadge } from "@/components/status-badge";
import { CancelSubscriptionForm } from "@/components/subscriptions/cancel-subscription-form";
import { useSubscription } from "@/lib/client/hooks/subscriptions";
import { SUBSCRIPTION_STATUSES, TERMINAL_STATUSES } from "@/lib/subscriptions/lifecycle";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

export default function SubscriptionPage() {
  const { shopId, subscriptionId } = useParams<{ shopId: string; subscriptionId: string }>();
  const subscription = useSubscription(shopId, subscriptionId);
  const [cancelling, setCancelling] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const back = (
    <Link href={`/dashboard/${shopId}/subscriptions`} className="text-sm text-blue-700 hover:underline">
      ← Subscriptions
    </Link>
  );
  if (subscription.error) {
    return (
      <section className="space-y-4">
        {back}
        <ErrorNotice>{subscription.error.message}</ErrorNotice>
      </section>
    );
  }
  if (!subscription.data) return <Skeleton label="Loading subscription" />;
  const data = subscription.data;
  const details: [string, React.ReactNode][] = [
    ["Customer", data.customer.email],
    ["Product", data.variant ? `${data.product.name} · ${data.variant.name}` : data.product.name],
    ["Price", `${data.price} ${data.currency} / ${data.interval}`],
    ["Current period", data.current_period_start ? `${when(data.current_period_start)} – ${when(data.current_period_end)}` : "Not started"],
    ["Trial ends", when(data.trial_ends_at)],
    ["Cancels at period end", data.cancel_at_period_end ? "Yes" : "No"],
    ["Cancelled at", when(data.cancelled_at)],
    ["Ended at", when(data.ended_at)],
    ["Created", when(data.created_at)],
  ];
  const live = !TERMINAL_STATUSES.includes(oneOf(SUBSCRIPTION_STATUSES, data.status, "expired"));

  return (
    <section className="space-y-6">
      <div>
        {back}
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">Subscription #{data.id}</h1>
          <StatusBadge status={data.status} />
          {data.cancel_at_period_end && live ? <span className="text-sm text-slate-600">Cancels at the end of the period</span> : null}
        </div>
      </div>
      <div className="space-y-3">
        {live ? (
          <Button variant="danger" onClick={() => setCancelling(true)}>
            Cancel subscription
          </Button>
        ) : null}
        <div aria-live="polite">{message ? <StatusNotice>{message}</StatusNotice> : null}</div>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {details.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <Dialog open={cancelling} onClose={() => setCancelling(false)} title={`Cancel subscription #${data.id}`}>
        <CancelSubscriptionForm
          shopId={shopId}
          subscription={data}
          onDone={(text) => {
            setCancelling(false);
            setMessage(text);
          }}
        />
      </Dialog>
    </section>
  );
}
