"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import { ApplicationSent } from "@/components/reseller/application-sent";
import { PortalCard } from "@/components/reseller/portal-card";
import { ApiRequestError } from "@/lib/client/api";
import { useConfirmApplication } from "@/lib/client/hooks/reseller";
import { useFragmentToken } from "@/lib/client/use-fragment-token";

const linkClass = "font-medium text-emerald-800 underline-offset-2 hover:underline";

/**
 * The e-mailed link of an application (lib/reseller/apply.ts): a button,
 * not a request on load, so a mail scanner that opens links sends nothing.
 */
function ConfirmApplication() {
  const token = useFragmentToken();
  const confirm = useConfirmApplication();

  if (confirm.data) return <ApplicationSent shopName={confirm.data.reseller.shop.name} />;
  if (token === null) {
    return (
      <p role="alert" className="text-sm text-red-600">
        This page needs the link from the e-mail.{" "}
        <Link href="/reseller/apply" className={linkClass}>
          Apply again
        </Link>
        .
      </p>
    );
  }
  const error = confirm.error;
  return (
    <div className="space-y-4">
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error instanceof ApiRequestError ? error.message : "The application could not be sent. Try again."}{" "}
          <Link href="/reseller/apply" className={linkClass}>
            Apply again
          </Link>
        </p>
      ) : null}
      <Button type="button" className="w-full" disabled={!token || confirm.isPending} onClick={() => token && confirm.mutate(token)}>
        {confirm.isPending ? "Sending…" : "Confirm my application"}
      </Button>
    </div>
  );
}

export default function ConfirmApplicationPage() {
  return (
    <PortalCard title="Confirm your application" subtitle="This makes your reseller account and sends the application to the seller.">
      <ConfirmApplication />
    </PortalCard>
  );
}
