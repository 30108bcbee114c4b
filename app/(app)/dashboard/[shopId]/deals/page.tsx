"use client";
import { useParams } from "next/navigation";
import { Suspense, useState } from "react";
import * as z from "@/lib/validation/zod";
import { BundleOfferForm } from "@/components/deals/bundle-offer-form";
import { PromotionPanel } from "@/components/deals/promotion-panel";
import { QuantityDealForm } from "@/components/deals/quantity-deal-form";
import { ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import {
  bundleOfferBody,
  quantityDealBody,
  useBundleOffers,
  useDeleteBundleOffer,
  useDeleteQuantityDeal,
  useQuantityDeals,
  useSaveBundleOffer,
  useSaveQuantityDeal,
} from "@/lib/client/hooks/deals";
import { useUrlState } from "@/lib/client/use-url-state";
import { promotionListQuery } from "@/lib/deals/schemas";

type Outcome = { ok: boolean; text: string } | null;

/** The two lists page on their own, both in the URL: `?deals_page=2&offers_page=3`. */
const PAGES = z.object({ deals_page: promotionListQuery.in.shape.page, offers_page: promotionListQuery.in.shape.page });

function DealsView() {
  const { shopId } = useParams<{ shopId: string }>();
  const { values, setFilters } = useUrlState(PAGES);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const deals = useQuantityDeals(shopId, values.deals_page ?? 1);
  const offers = useBundleOffers(shopId, values.offers_page ?? 1);
  const saveDeal = useSaveQuantityDeal(shopId);
  const saveOffer = useSaveBundleOffer(shopId);
  const deleteDeal = useDeleteQuantityDeal(shopId);
  const deleteOffer = useDeleteBundleOffer(shopId);

  const report = (text: string) => setOutcome({ ok: true, text });
  const fail = (error: Error) => setOutcome({ ok: false, text: error.message });
  // the row whose toggle or delete is in flight
  const dealBusy = (saveDeal.isPending ? saveDeal.variables.id : deleteDeal.isPending ? deleteDeal.variables : undefined) ?? null;
  const offerBusy = (saveOffer.isPending ? saveOffer.variables.id : deleteOffer.isPending ? deleteOffer.variables : undefined) ?? null;

  return (
    <section className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Deals &amp; offers</h1>
        <p className="mt-1 text-sm text-slate-500">
          Quantity deals discount extra units of one product; bundle offers discount a set of products bought together.
        </p>
      </div>
      <div aria-live="polite">
        {outcome ? outcome.ok ? <StatusNotice>{outcome.text}</StatusNotice> : <ErrorNotice>{outcome.text}</ErrorNotice> : null}
      </div>

      <PromotionPanel
        title="Quantity deals"
        noun="quantity deal"
        list={deals}
        onPage={(page) => setFilters({ deals_page: page })}
        busyId={dealBusy}
        columns={[
          { label: "Product", render: (deal) => (deal.variant ? `${deal.product.name} · ${deal.variant.name}` : deal.product.name) },
          {
            label: "Deal",
            render: (deal) => `Buy ${deal.buy_quantity}, get ${deal.discounted_quantity} at ${deal.percentage}% off`,
            className: "hidden sm:table-cell",
          },
        ]}
        onToggle={(deal, enabled) =>
          saveDeal.mutate(
            { id: deal.id, input: quantityDealBody(deal, { enabled }) },
            { onSuccess: () => report(`“${deal.name}” ${enabled ? "enabled" : "disabled"}.`), onError: fail },
          )
        }
        onDelete={(deal) => deleteDeal.mutate(deal.id, { onSuccess: () => report(`Quantity deal “${deal.name}” deleted.`), onError: fail })}
        renderForm={(deal, close) => (
          <QuantityDealForm
            shopId={shopId}
            deal={deal}
            onSaved={(text) => {
              close();
              report(text);
            }}
          />
        )}
      />

      <PromotionPanel
        title="Bundle offers"
        noun="bundle offer"
        list={offers}
        onPage={(page) => setFilters({ offers_page: page })}
        busyId={offerBusy}
        columns={[
          { label: "Products", render: (offer) => offer.products.map((product) => product.name).join(" + ") },
          {
            label: "Discount",
            render: (offer) => (offer.type === "percentage" ? `${offer.discount}% off` : `${offer.discount.toFixed(2)} off`),
            className: "hidden sm:table-cell",
          },
        ]}
        onToggle={(offer, enabled) =>
          saveOffer.mutate(
            { id: offer.id, input: bundleOfferBody(offer, { enabled }) },
            { onSuccess: () => report(`“${offer.name}” ${enabled ? "enabled" : "disabled"}.`), onError: fail },
          )
        }
        onDelete={(offer) =>
          deleteOffer.mutate(offer.id, { onSuccess: () => report(`Bundle offer “${offer.name}” deleted.`), onError: fail })
        }
        renderForm={(offer, close) => (
          <BundleOfferForm
            shopId={shopId}
            offer={offer}
            onSaved={(text) => {
              close();
              report(text);
            }}
          />
        )}
      />
    </section>
  );
}

export default function DealsPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading deals and offers" />}>
      <DealsView />
    </Suspense>
  );
}
