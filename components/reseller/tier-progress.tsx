import type { ResellerBalance } from "@/lib/client/hooks/reseller";
import { formatMoney } from "@/lib/client/money";
import { tierProgress, type Threshold } from "@/lib/reseller/tier-progress";

function Bar({ label, threshold, format }: { label: string; threshold: Threshold; format: (value: number) => string }) {
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span className="text-slate-600">{label}</span>
        <span className="tabular-nums">
          {format(threshold.current)} / {format(threshold.target)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={threshold.percent}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${threshold.percent}%` }} />
      </div>
    </div>
  );
}

/** The current tier and what the next one needs: both thresholds, each with its own bar. */
export function TierProgress({ balance }: { balance: ResellerBalance }) {
  const progress = tierProgress(balance);
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 className="text-sm font-medium text-slate-500">Current tier</h2>
        <p className="text-xl font-semibold">
          {balance.tier ? `${balance.tier.name} · ${balance.tier.discount_percentage}% off` : "No tier yet"}
        </p>
      </div>
      {balance.next_tier && progress ? (
        <div className="space-y-3">
          <p className="text-sm">
            Next: <strong>{balance.next_tier.name}</strong> ({balance.next_tier.discount_percentage}% off) — {progress.percent}% of the way
            there
          </p>
          <Bar label="Spent" threshold={progress.spent} format={(value) => formatMoney(value)} />
          <Bar label="Orders" threshold={progress.orders} format={(value) => value.toLocaleString()} />
        </div>
      ) : (
        <p className="text-sm text-slate-600">You are on the shop&apos;s highest tier.</p>
      )}
    </div>
  );
}
