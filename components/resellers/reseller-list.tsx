"use client";
import { Fragment, useState } from "react";
import { Button } from "@/components/button";
import { StatusBadge } from "@/components/status-badge";
import { useResellerAction, type ShopReseller } from "@/lib/client/hooks/resellers";
import { AdjustBalanceForm } from "./adjust-balance-form";
import { TableScroller } from "@/components/table-scroller";

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

const wide = "hidden px-4 py-2 sm:table-cell";

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
    <TableScroller>
      <table className="min-w-full text-sm">
        <caption className="sr-only">Resellers</caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Reseller
            </th>
            <th scope="col" className={`${wide} font-medium`}>
              Status
            </th>
            <th scope="col" className={`${wide} text-right font-medium`}>
              Balance
            </th>
            <th scope="col" className={`${wide} font-medium`}>
              Tier
            </th>
            <th scope="col" className={`${wide} text-right font-medium`}>
              Orders
            </th>
            <th scope="col" className={wide}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {resellers.map((reseller) => (
            <Fragment key={reseller.id}>
              <tr aria-label={reseller.email}>
                <td className="px-4 py-2">
                  <p className="break-all font-medium sm:break-normal">{reseller.email}</p>
                  <p className="text-xs text-slate-500">
                    {reseller.name} · applied {new Date(reseller.created_at).toLocaleDateString()}
                  </p>
                  <div className="mt-2 space-y-2 sm:hidden">
                    <p className="flex items-center gap-2 text-xs text-slate-600">
                      <StatusBadge status={reseller.status} /> ${reseller.balance.toFixed(2)} · {reseller.tier?.name ?? "no tier"} ·{" "}
                      {reseller.total_orders} orders
                    </p>
                    <ResellerActions reseller={reseller} {...actionsOf(reseller)} />
                  </div>
                </td>
                <td className={wide}>
                  <StatusBadge status={reseller.status} />
                </td>
                <td className={`${wide} whitespace-nowrap text-right tabular-nums`}>${reseller.balance.toFixed(2)}</td>
                <td className={`${wide} whitespace-nowrap`}>
                  {reseller.tier ? `${reseller.tier.name} (${reseller.tier.discount_percentage}%)` : "—"}
                </td>
                <td className={`${wide} text-right tabular-nums`}>{reseller.total_orders}</td>
                <td className={wide}>
                  <ResellerActions reseller={reseller} {...actionsOf(reseller)} />
                </td>
              </tr>
              {adjusting === reseller.id ? (
                <tr>
                  <td colSpan={6} className="px-4 pb-3">
                    <AdjustBalanceForm
                      shopId={shopId}
                      reseller={reseller}
                      onDone={(message) => {
                        setAdjusting(null);
                        onResult(message);
                      }}
                    />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
