"use client";
import { useParams } from "next/navigation";
import { Suspense } from "react";
import { EmptyNotice, ErrorNotice, Skeleton } from "@/components/notice";
import { Pagination } from "@/components/pagination";
import { SUBSCRIPTION_FILTER_KEYS, SubscriptionFilters } from "@/components/subscriptions/subscription-filters";
import { SubscriptionTable } from "@/components/subscriptions/subscription-table";
import { useSubscriptions } from "@/lib/client/hooks/subscriptions";
import { pageOf, useUrlFilters } from "@/lib/client/use-url-filters";

function SubscriptionsView() {
  const { shopId } = useParams<{ shopId: string }>();
  const [filters, setFilters] = useUrlFilters(SUBSCRIPTION_FILTER_KEYS);
  const subscriptions = useSubscriptions(shopId, {
    page: pageOf(filters),
    statuses: filters.statuses?.split(",").filter(Boolean),
    product_id: filters.product_id,
    email: filters.email,
    date_from: filters.date_from,
    date_to: filters.date_to,
  });

  return (
    <section className="space-y-4">
      <div className="flex items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Subscriptions</h1>
        {subscriptions.isFetching && subscriptions.data ? (
          <span className="text-xs text-slate-500" role="status">
            Updating…
          </span>
        ) : null}
      </div>
      <SubscriptionFilters shopId={shopId} filters={filters} onChange={setFilters} />
      {subscriptions.error ? (
        <ErrorNotice>{subscriptions.error.message}</ErrorNotice>
      ) : !subscriptions.data ? (
        <Skeleton label="Loading subscriptions" />
      ) : subscriptions.data.data.length === 0 ? (
        <EmptyNotice>No subscriptions match these filters.</EmptyNotice>
      ) : (
        <>
          <SubscriptionTable shopId={shopId} subscriptions={subscriptions.data.data} />
          <Pagination envelope={subscriptions.data} onPage={(page) => setFilters({ ...filters, page: String(page) })} />
        </>
      )}
    </section>
  );
}

export default function SubscriptionsPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading subscriptions" />}>
      <SubscriptionsView />
    </Suspense>
  );
}
