"use client";
import { useState } from "react";
import { Button } from "@/components/button";
import { QueryView } from "@/components/query-view";
import { useResellerTiers, useTierChange } from "@/lib/client/hooks/resellers";
import { TierForm } from "./tier-form";

/** The shop's tier ladder (cheapest first): edit in place, delete with a confirmation, add below. */
export function TierList({ shopId, onResult }: { shopId: string; onResult: (message: string) => void }) {
  const tiers = useResellerTiers(shopId);
  const change = useTierChange(shopId);
  const [editing, setEditing] = useState<number | null>(null);

  const remove = (id: number, name: string) => {
    if (!window.confirm(`Delete the tier “${name}”? Resellers on it drop to the tier below.`)) return;
    change.mutate(
      { kind: "delete", id },
      { onSuccess: () => onResult(`Tier “${name}” deleted.`), onError: (error) => onResult(error.message) },
    );
  };

  return (
    <div className="space-y-4">
      <QueryView query={tiers} loading="Loading tiers" height="h-40" empty="No tiers yet: every reseller buys at list price.">
        {(rows) => (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {rows.map((tier) => (
              <li key={tier.id} className="space-y-3 p-3" aria-label={`Tier ${tier.name}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium">
                      {tier.name} · {tier.discount_percentage}% off
                    </p>
                    <p className="text-xs text-slate-500">
                      from ${tier.min_spent_usd} spent and {tier.min_sales_count} orders
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      className="px-2 py-1 text-xs"
                      aria-expanded={editing === tier.id}
                      onClick={() => setEditing(editing === tier.id ? null : tier.id)}
                    >
                      {editing === tier.id ? "Close" : "Edit"}
                    </Button>
                    <Button
                      variant="danger"
                      className="px-2 py-1 text-xs"
                      aria-label={`Delete tier ${tier.name}`}
                      disabled={change.isPending}
                      onClick={() => remove(tier.id, tier.name)}
                    >
                      Delete
                    </Button>
                  </div>
                </div>
                {editing === tier.id ? (
                  <TierForm
                    shopId={shopId}
                    tier={tier}
                    onDone={(message) => {
                      setEditing(null);
                      onResult(message);
                    }}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <h3 className="mb-3 font-medium">New tier</h3>
        <TierForm shopId={shopId} onDone={onResult} />
      </div>
    </div>
  );
}
