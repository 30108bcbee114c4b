"use client";
import { useParams } from "next/navigation";
import { BuyerInvoice } from "@/components/buyer/buyer-invoice";
import { ApiRequestError } from "@/lib/client/api";
import { useBuyerInvoice } from "@/lib/client/hooks/buyer";

/** The buyer's page of an invoice (public; the link is unguessable): what was bought, how to pay, live status, the keys. */
export default function BuyerInvoicePage() {
  const { uniqueId } = useParams<{ uniqueId: string }>();
  const invoice = useBuyerInvoice(uniqueId);
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10">
      {invoice.data ? (
        <BuyerInvoice invoice={invoice.data} />
      ) : (
        <p className="text-center text-sm text-slate-500" role="status">
          {invoice.error instanceof ApiRequestError && invoice.error.status === 404
            ? "This order link is not valid."
            : invoice.error
              ? "The order could not load. Reload the page to try again."
              : "Loading…"}
        </p>
      )}
    </main>
  );
}
