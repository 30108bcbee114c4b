"use client";
import { Skeleton } from "@/components/notice";
import { CopyButton } from "@/components/copy-button";
import { CredentialCard } from "@/components/reseller/credential-card";
import { TestDeliveryForm } from "@/components/reseller/test-delivery-form";
import { useCatalog, usePortalProfile } from "@/lib/client/hooks/reseller";

/** The largest catalog page: every variant's dynamic URL on one page. */
const ALL = 100;

export default function DeveloperPage() {
  const profile = usePortalProfile();
  const catalog = useCatalog(1, ALL);
  const reseller = profile.data!.reseller;
  const products = catalog.data?.data ?? [];

  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Developer settings</h1>
        <p className="mt-1 text-sm text-slate-600">
          Connect your own shop: buy through the API with your key, or let your shop call your dynamic URLs, signed with your signing
          secret.
        </p>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <CredentialCard
          credential="api-key"
          title="API key"
          description="Bearer key of the reseller API (/v1/reseller)."
          current={
            reseller.api_key_prefix ? (
              <code className="font-mono">{reseller.api_key_prefix}…</code>
            ) : (
              <span className="text-slate-500">No API key yet.</span>
            )
          }
          buttonLabel={reseller.api_key_prefix ? "Rotate API key" : "Create API key"}
          confirmation={reseller.api_key_prefix ? "Rotate the API key? The current key stops working at once." : null}
        />
        <CredentialCard
          credential="signing-secret"
          title="Signing secret"
          description="Your shop signs each dynamic-delivery request with it (HMAC-SHA256 of the body, X-Signature)."
          current={<span className="text-slate-500">Stored encrypted; shown only when created.</span>}
          buttonLabel="Rotate signing secret"
          confirmation="Rotate the signing secret? Requests signed with the current one are refused from now on."
        />
        <CredentialCard
          credential="dynamic-token"
          title="Dynamic token"
          description="Part of every dynamic URL below."
          current={
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 break-all font-mono text-xs" data-testid="dynamic-token">
                {reseller.dynamic_token}
              </code>
              <CopyButton text={reseller.dynamic_token} ariaLabel="Copy the dynamic token" />
            </div>
          }
          buttonLabel="Rotate dynamic token"
          confirmation="Rotate the dynamic token? Every current dynamic URL stops working at once."
        />
      </div>

      <section className="space-y-3" aria-labelledby="urls-title">
        <h2 id="urls-title" className="text-lg font-semibold">
          Dynamic URLs
        </h2>
        {catalog.error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
            {catalog.error.message}
          </p>
        ) : !catalog.data ? (
          <Skeleton label="Loading the dynamic URLs" className="h-48" />
        ) : products.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-500">
            The shop offers nothing to resell yet.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {products.flatMap((product) =>
              product.variants.map((variant) => (
                <li key={variant.id} className="space-y-1 p-3">
                  <p className="text-sm font-medium [overflow-wrap:anywhere]">
                    {product.name} · {variant.name}
                  </p>
                  <div className="flex items-center gap-2">
                    <code className="min-w-0 flex-1 break-all rounded bg-slate-50 px-2 py-1 font-mono text-xs" data-testid="dynamic-url">
                      {variant.dynamic_url}
                    </code>
                    <CopyButton text={variant.dynamic_url} ariaLabel={`Copy the dynamic URL of ${product.name} · ${variant.name}`} />
                  </div>
                </li>
              )),
            )}
          </ul>
        )}
      </section>

      <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="test-title">
        <div>
          <h2 id="test-title" className="text-lg font-semibold">
            Send a test delivery
          </h2>
          <p className="text-sm text-slate-600">
            Calls your dynamic URL exactly as your shop would, signed with your current secret, and shows the answer. It is a real purchase.
          </p>
        </div>
        {!catalog.data ? (
          <Skeleton label="Loading the catalog" className="h-16" />
        ) : products.length ? (
          <TestDeliveryForm products={products} />
        ) : (
          <p className="text-sm text-slate-500">Nothing to deliver yet.</p>
        )}
      </section>
    </section>
  );
}
