"use client";
import { useState } from "react";
import { Button } from "@/components/button";
import { StatusBadge } from "@/components/status-badge";
import { useResellerAction, type ShopReseller } from "@/lib/client/hooks/resellers";
import { AdjustBalanceForm } from "./adjust-balance-form";
import { DataTable, type Column } from "@/components/data-table";

type Actions = {
  busy: boolean;
  adjusting: boolean;
  onChange: (kind: "approve" | "suspend") => void;
  onAdjust: () => void;
};

/** Approve / suspend / adjust: in the last column on wide screens, under the email on phones. */
function ResellerActions({ reseller, busy, adjusting, onChange, onAdjust }: Actions & { reseller: ShopReseller }) {
  return (
    <div className="flex flex-wrap gap-2 sm:flex-nowrap sm:justify-end">
      {reseller.status !== "approved" ? (
        <Button className="px-2 py-1 text-xs" disabled={busy} aria-label={`Approve ${reseller.email}`} onClick={() => onChange("approve")}>
          Approve
        </Button>
      ) : null}
      {reseller.status !== "suspended" ? (
        <Button
          variant="danger"
          className="px-2 py-1 text-xs"
          disabled={busy}
          aria-label={`Suspend ${reseller.email}`}
          onClick={() => onChange("suspend")}
        >
          Suspend
        </Button>
      ) : null}
      <Button variant="secondary" className="whitespace-nowrap px-2 py-1 text-xs" aria-expanded={adjusting} onClick={onAdjust}>
        {/* The visible words begin the accessible name (WCAG 2.5.3); the rest says which row. */}
        Adjust balance<span className="sr-only"> of {reseller.email}</span>
      </Button>
    </div>
  );
}

const COLUMNS: Column<ShopReseller>[] = [
  {
    key: "reseller",
    header: "Reseller",
    cell: (reseller) => (
      <>
        <p className="break-all font-medium sm:break-normal">{reseller.email}</p>
        <p className="text-xs text-slate-500">
          {reseller.name} · applied {new Date(reseller.created_at).toLocaleDateString()}
        </p>
      </>
    ),
  },
  { key: "status", header: "Status", from: "sm", cell: (reseller) => <StatusBadge status={reseller.status} /> },
  {
    key: "balance",
    header: "Balance",
    from: "sm",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (reseller) => `$${reseller.balance.toFixed(2)}`,
  },
  {
    key: "tier",
    header: "Tier",
    from: "sm",
    className: "whitespace-nowrap",
    cell: (reseller) => (reseller.tier ? `${reseller.tier.name} (${reseller.tier.discount_percentage}%)` : "—"),
  },
  { key: "orders", header: "Orders", from: "sm", align: "right", className: "tabular-nums", cell: (reseller) => reseller.total_orders },
];

/** The shop's resellers with what the seller decides: approve, suspend, adjust the balance. */
export function ResellerList({
  shopId,
  resellers,
  onResult,
}: {
  shopId: string;
  resellers: ShopReseller[];
  onResult: (message: string) => void;
}) {
  const action = useResellerAction(shopId);
  const [adjusting, setAdjusting] = useState<number | null>(null);

  const change = (reseller: ShopReseller, kind: "approve" | "suspend") => {
    if (kind === "suspend" && !window.confirm(`Suspend ${reseller.email}? Its API key and dynamic URLs stop working at once.`)) return;
    // mutateAsync, not mutate's callbacks: the list that holds this row unmounts when the change empties it.
    action.mutateAsync({ resellerId: reseller.id, action: kind }).then(
      () => onResult(`${reseller.email} is now ${kind === "approve" ? "approved" : "suspended"}.`),
      (error: Error) => onResult(error.message),
    );
  };
  const actionsOf = (reseller: ShopReseller): Actions => ({
    busy: action.isPending && action.variables?.resellerId === reseller.id,
    adjusting: adjusting === reseller.id,
    onChange: (kind) => change(reseller, kind),
    onAdjust: () => setAdjusting(adjusting === reseller.id ? null : reseller.id),
  });

  return (
    <DataTable
      caption="Resellers"
      rows={resellers}
      columns={COLUMNS}
      rowLabel={(reseller) => reseller.email}
      phone={(reseller) => (
        <div className="mt-2 space-y-2">
          <p className="flex items-center gap-2 text-xs text-slate-600">
            <StatusBadge status={reseller.status} /> ${reseller.balance.toFixed(2)} · {reseller.tier?.name ?? "no tier"} ·{" "}
            {reseller.total_orders} orders
          </p>
          <ResellerActions reseller={reseller} {...actionsOf(reseller)} />
        </div>
      )}
      actions={(reseller) => <ResellerActions reseller={reseller} {...actionsOf(reseller)} />}
      actionsFrom="sm"
      expanded={(reseller) =>
        adjusting === reseller.id ? (
          <AdjustBalanceForm
            shopId={shopId}
            reseller={reseller}
            onDone={(message) => {
              setAdjusting(null);
              onResult(message);
            }}
          />
        ) : null
      }
    />
  );
}
