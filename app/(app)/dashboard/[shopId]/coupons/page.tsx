"use client";
import { useParams } from "next/navigation";
import { Suspense, useState } from "react";
import { Button } from "@/components/button";
import { CouponForm } from "@/components/coupons/coupon-form";
import { CouponTable } from "@/components/coupons/coupon-table";
import { Dialog } from "@/components/dialog";
import { Skeleton } from "@/components/notice";
import { PageHeading } from "@/components/page-heading";
import { OutcomeNotice, QueryView, type Outcome } from "@/components/query-view";
import { SearchField } from "@/components/search-field";
import { SelectField } from "@/components/select-field";
import { useCoupons, useDeleteCoupon, type Coupon } from "@/lib/client/hooks/coupons";
import { useUrlState } from "@/lib/client/use-url-state";
import { listCouponsQuery } from "@/lib/coupons/schemas";

function CouponsView() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useUrlState(listCouponsQuery.in);
  const { filters, values, setFilters } = list;
  const coupons = useCoupons(shopId, filters);
  const remove = useDeleteCoupon(shopId);
  const [editing, setEditing] = useState<{ coupon?: Coupon } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const empty = filters.search || filters.type ? "No coupons match these filters." : "No coupons yet.";

  return (
    <section className="space-y-4">
      <PageHeading title="Coupons">
        <Button onClick={() => setEditing({})}>New coupon</Button>
      </PageHeading>
      <OutcomeNotice outcome={outcome} />
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <SearchField label="Search codes" value={filters.search ?? ""} onSearch={(search) => setFilters({ search })} />
        <SelectField label="Type" value={values.type ?? ""} onChange={(event) => setFilters({ type: event.target.value })}>
          <option value="">Any</option>
          <option value="percentage">Percentage</option>
          <option value="fixed">Fixed amount</option>
        </SelectField>
      </div>
      <QueryView query={coupons} list={list} loading="Loading coupons" empty={empty}>
        {(rows) => (
          <CouponTable
            coupons={rows}
            busyId={remove.isPending ? remove.variables : null}
            onEdit={(coupon) => setEditing({ coupon })}
            onDelete={(coupon) =>
              remove.mutate(coupon.id, {
                onSuccess: () => setOutcome({ ok: true, text: `Coupon ${coupon.code} deleted.` }),
                onError: (error) => setOutcome({ ok: false, text: error.message }),
              })
            }
          />
        )}
      </QueryView>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.coupon ? `Edit coupon ${editing.coupon.code}` : "New coupon"}
      >
        {editing ? (
          <CouponForm
            shopId={shopId}
            coupon={editing.coupon}
            onSaved={(text) => {
              setEditing(null);
              setOutcome({ ok: true, text });
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

export default function CouponsPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading coupons" />}>
      <CouponsView />
    </Suspense>
  );
}
