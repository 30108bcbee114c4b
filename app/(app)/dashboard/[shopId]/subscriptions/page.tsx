"use client";
import { useParams } from "next/navigation";
import { PageHeading } from "@/components/page-heading";
import { QueryView } from "@/components/query-view";
import { SubscriptionFilters } from "@/components/subscriptions/subscription-filters";
import { SubscriptionTable } from "@/components/subscriptions/subscription-table";
import { useSubscriptions } from "@/lib/client/hooks/subscriptions";
import { useUrlState } from "@/lib/client/use-url-state";
import { listSubscriptionsQuery } from "@/lib/subscriptions/schemas";

export default function SubscriptionsPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useUrlState(listSubscriptionsQuery.in);
  const subscriptions = useSubscriptions(shopId, list.filters);

  return (
    <section className="space-y-4">
      <PageHeading title="Subscriptions" updating={subscriptions.isFetching && !!subscriptions.data} />
      <SubscriptionFilters shopId={shopId} list={list} />
      <QueryView query={subscriptions} loading="Loading subscriptions" empty="No subscriptions match these filters." list={list}>
        {(rows) => <SubscriptionTable shopId={shopId} subscriptions={rows} />}
      </QueryView>
    </section>
  );
}
