"use client";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { CheckoutFilters } from "@/components/checkouts/checkout-filters";
import { CheckoutStats } from "@/components/checkouts/checkout-stats";
import { CheckoutTable } from "@/components/checkouts/checkout-table";
import { useSelection } from "@/components/data-table";
import { ErrorNotice } from "@/components/notice";
import { PageHeading } from "@/components/page-heading";
import { OutcomeNotice, QueryView, type Outcome } from "@/components/query-view";
import { SelectField } from "@/components/select-field";
import { listAbandonedCheckoutsQuery } from "@/lib/abandoned-checkouts/schemas";
import {
  useBulkRecover,
  useCheckoutStats,
  useCheckouts,
  useRecoverCheckout,
  useSetDismissed,
  type Checkout,
} from "@/lib/client/hooks/checkouts";
import { couponDiscountText, couponUsable, useCoupons } from "@/lib/client/hooks/coupons";
import { useUrlState } from "@/lib/client/use-url-state";

/** The recovery emails may offer any usable coupon: a shop has few, so one page of the most the API gives. */
const ALL_COUPONS = { perPage: "100" };

export default function CheckoutsPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useUrlState(listAbandonedCheckoutsQuery.in);
  const checkouts = useCheckouts(shopId, list.filters);
  const stats = useCheckoutStats(shopId);
  const coupons = useCoupons(shopId, ALL_COUPONS);
  const recover = useRecoverCheckout(shopId);
  const bulk = useBulkRecover(shopId);
  const dismiss = useSetDismissed(shopId);
  // a selection belongs to the rows it was made on: another page or filter starts with none
  const selection = useSelection("Select all on this page", new URLSearchParams(list.filters).toString());
  const [couponId, setCouponId] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);

  const usableCoupons = coupons.data?.data.filter((coupon) => couponUsable(coupon)) ?? [];
  const offered = couponId ? Number(couponId) : undefined;
  const withCoupon = offered ? ` with coupon ${usableCoupons.find((coupon) => coupon.id === offered)?.code ?? ""}` : "";
  const fail = (error: Error) => setOutcome({ ok: false, text: error.message });
  const busyId = (recover.isPending ? recover.variables.id : dismiss.isPending ? dismiss.variables.id : undefined) ?? null;

  const recoverOne = (checkout: Checkout) => {
    if (!window.confirm(`Email ${checkout.email} a reminder to complete checkout #${checkout.id}${withCoupon}?`)) return;
    recover.mutate(
      { id: checkout.id, couponId: offered },
      { onSuccess: () => setOutcome({ ok: true, text: `Recovery email queued for ${checkout.email}.` }), onError: fail },
    );
  };
  const recoverSelected = () => {
    const ids = selection.ids;
    if (!window.confirm(`Email a reminder to ${ids.length} customer${ids.length === 1 ? "" : "s"}${withCoupon}?`)) return;
    bulk.mutate(
      { ids, couponId: offered },
      {
        onSuccess: (result) => {
          selection.clear();
          const skipped = result.skipped.length ? ` ${result.skipped.length} no longer pending were skipped.` : "";
          setOutcome({ ok: true, text: `${result.message}${skipped}` });
        },
        onError: fail,
      },
    );
  };
  const setDismissed = (checkout: Checkout, dismissed: boolean) =>
    dismiss.mutate(
      { id: checkout.id, dismissed },
      {
        onSuccess: () => setOutcome({ ok: true, text: `Checkout #${checkout.id} ${dismissed ? "dismissed" : "restored"}.` }),
        onError: fail,
      },
    );

  return (
    <section className="space-y-4">
      <PageHeading title="Abandoned checkouts" updating={checkouts.isFetching && !!checkouts.data} />
      {stats.error ? <ErrorNotice>The statistics could not load: {stats.error.message}</ErrorNotice> : <CheckoutStats stats={stats.data} />}
      <CheckoutFilters list={list} />

      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
        <SelectField
          label="Offer a coupon in recovery emails"
          className="sm:w-72"
          value={couponId}
          onChange={(event) => setCouponId(event.target.value)}
          disabled={!coupons.data}
        >
          <option value="">No coupon</option>
          {usableCoupons.map((coupon) => (
            <option key={coupon.id} value={coupon.id}>
              {coupon.code} ({couponDiscountText(coupon)})
            </option>
          ))}
        </SelectField>
        <Button disabled={selection.ids.length === 0 || bulk.isPending} onClick={recoverSelected}>
          {bulk.isPending ? "Sending…" : `Recover selected (${selection.ids.length})`}
        </Button>
      </div>
      <OutcomeNotice outcome={outcome} />

      <QueryView query={checkouts} loading="Loading abandoned checkouts" empty="No abandoned checkouts match these filters." list={list}>
        {(rows) => (
          <CheckoutTable
            shopId={shopId}
            checkouts={rows}
            selection={selection.table}
            busyId={busyId}
            onRecover={recoverOne}
            onDismiss={setDismissed}
          />
        )}
      </QueryView>
    </section>
  );
}
