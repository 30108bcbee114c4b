"use client";
import type { CheckoutStats as Stats } from "@/lib/client/hooks/checkouts";

function Stat({ label, value, detail, className = "" }: { label: string; value: string; detail?: string; className?: string }) {
  return (
    <div className={`rounded-lg border border-slate-200 bg-white p-3 ${className}`}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs text-slate-500 tabular-nums">{detail}</dd> : null}
    </div>
  );
}

/** Counts and value by state, and how well recovery emails worked; placeholders keep the size while loading. */
export function CheckoutStats({ stats }: { stats: Stats | undefined }) {
  const bucket = (key: "abandoned" | "created" | "pending" | "dismissed" | "recovery_sent" | "recovered") =>
    stats ? { value: String(stats[key].count), detail: `${stats[key].value_usd} ${stats.currency}` } : { value: "…", detail: "…" };
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-label="Abandoned checkout statistics">
      <Stat label="Abandoned" {...bucket("abandoned")} />
      <Stat label="Not paid yet" {...bucket("created")} />
      <Stat label="Payment started" {...bucket("pending")} />
      <Stat label="Dismissed" {...bucket("dismissed")} />
      <Stat label="Recovery emails" {...bucket("recovery_sent")} />
      <Stat label="Recovered" {...bucket("recovered")} />
      <Stat
        label="Recovery rate"
        value={stats ? `${stats.recovery_rate}%` : "…"}
        detail="recovered / emailed"
        className="col-span-2 sm:col-span-1"
      />
    </dl>
  );
}
