"use client";
import { useParams } from "next/navigation";
import { CheckoutLinkHelper } from "@/components/payments/checkout-link-helper";

export default function CheckoutLinkPage() {
  const { shopId } = useParams<{ shopId: string }>();
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Checkout link</h1>
        <p className="mt-1 text-sm text-slate-500">
          What your storefront&apos;s backend sends to make a buyer&apos;s order, and a way to make one here: the buyer pays on the link.
        </p>
      </div>
      <CheckoutLinkHelper shopId={shopId} />
    </section>
  );
}
