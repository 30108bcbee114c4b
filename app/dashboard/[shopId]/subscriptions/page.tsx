"use client";
import { useParams } from "next/navigation";
import { Suspense } from "react";
import { EmptyNotice, ErrorNotice, Skeleton } from "@/components/notice";
import { Pagination } from "@/components/pagination";
import { SubscriptionFilters } from "@/components/subscriptions/subscription-filters";
import { SubscriptionTable } from "@/components/subscriptions/subscription-table";
import { useSubscriptions } from "@/lib/client/hooks/subscriptions";
import { useUrlState } from "@/lib/client/use-url-state";
import { listSubscriptionsQuery } from "@/lib/subscriptions/schemas";

function SubscriptionsView() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useUrlState(listSubscriptionsQuery.in);
  const subscriptions = useSubscriptions(shopId, list.filters);

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
      <SubscriptionFilters shopId={shopId} list={list} />
      {subscriptions.error ? (
        <ErrorNotice>{subscriptions.error.message}</ErrorNotice>
      ) : !subscriptions.data ? (
        <Skeleton label="Loading subscriptions" />
      ) : subscriptions.data.data.length === 0 ? (
        <EmptyNotice>No subscriptions match these filters.</EmptyNotice>
      ) : (
        <>
          <SubscriptionTable shopId={shopId} subscriptions={subscriptions.data.data} />
          <Pagination envelope={subscriptions.data} onPage={(page) => list.setFilters({ page })} />
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
