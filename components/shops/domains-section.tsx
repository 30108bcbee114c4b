"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { EmptyNotice, ErrorNotice, Skeleton } from "@/components/notice";
import { StatusBadge } from "@/components/status-badge";
import { useAddDomain, useDeleteDomain, useDomains, useVerifyDomain } from "@/lib/client/hooks/domains";
import { createDomainBody, DOMAINS_PER_SHOP, type DomainView } from "@/lib/domains/schemas";

const FIELDS = ["domain"] as const;

/**
 * The shop's custom domains on its settings page: add one, see the TXT
 * record to create and where the check stands, check now, remove. Writing
 * needs `settings:write`; a member who may only read sees the list.
 */
export function DomainsSection({ shopId, canWrite }: { shopId: string; canWrite: boolean }) {
  const domains = useDomains(shopId);
  const add = useAddDomain(shopId);
  const form = useForm({ resolver: zodResolver(createDomainBody), defaultValues: { domain: "" } });
  const list = domains.data?.data;

  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="domains-heading">
      <h2 id="domains-heading" className="text-lg font-semibold">
        Custom domains
      </h2>
      <p className="text-sm text-slate-500">
        Your storefront on a domain of yours (at most {DOMAINS_PER_SHOP}). Point the domain at this app (a CNAME or A record), then create
        the TXT record shown: the domain serves your storefront once the record is found. Keep the record in place; it is checked again
        every few hours.
      </p>
      {domains.error ? <ErrorNotice>{domains.error.message}</ErrorNotice> : null}
      {!list ? <Skeleton label="Loading the domains" className="h-24" /> : null}
      {list && list.length === 0 ? <EmptyNotice>No custom domains yet.</EmptyNotice> : null}
      {list && list.length > 0 ? (
        <ul className="space-y-2" data-testid="domains">
          {list.map((domain) => (
            <DomainRow key={domain.id} shopId={shopId} domain={domain} canWrite={canWrite} />
          ))}
        </ul>
      ) : null}
      {canWrite ? (
        <EditorForm
          form={form}
          fields={FIELDS}
          save={async (input) => {
            await add.mutateAsync(input);
            form.reset({ domain: "" });
          }}
          submitLabel="Add domain"
        >
          <Field
            label="Domain"
            placeholder="shop.example.com"
            autoComplete="off"
            spellCheck={false}
            error={form.formState.errors.domain?.message}
            {...form.register("domain")}
          />
        </EditorForm>
      ) : null}
    </section>
  );
}

function DomainRow({ shopId, domain, canWrite }: { shopId: string; domain: DomainView; canWrite: boolean }) {
  const verify = useVerifyDomain(shopId);
  const remove = useDeleteDomain(shopId);
  const error = verify.error ?? remove.error;
  return (
    <li className="space-y-2 rounded border border-slate-200 p-3 text-sm" aria-label={domain.domain}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{domain.domain}</span>
        <StatusBadge status={domain.status} />
        <span className="text-slate-500">
          {domain.last_checked_at ? `checked ${new Date(domain.last_checked_at).toLocaleString()}` : "not checked yet"}
        </span>
        {canWrite ? (
          <span className="ml-auto flex gap-2">
            <Button variant="secondary" disabled={verify.isPending} onClick={() => verify.mutate(domain.id)}>
              {verify.isPending ? "Checking…" : "Check now"}
            </Button>
            <Button
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Remove ${domain.domain}? It stops serving your storefront at once.`)) remove.mutate(domain.id);
              }}
            >
              Remove
            </Button>
          </span>
        ) : null}
      </div>
      {domain.status !== "verified" ? (
        <dl className="space-y-1 rounded bg-slate-50 p-2">
          <div className="flex items-center gap-3">
            <dt className="w-12 shrink-0 text-slate-500">Type</dt>
            <dd className="font-mono">TXT</dd>
          </div>
          <div className="flex items-center gap-3">
            <dt className="w-12 shrink-0 text-slate-500">Name</dt>
            <dd className="flex min-w-0 flex-1 items-center justify-between gap-2">
              <span className="font-mono break-all">{domain.verification.name}</span>
              <CopyButton text={domain.verification.name} ariaLabel={`Copy the record name of ${domain.domain}`} />
            </dd>
          </div>
          <div className="flex items-center gap-3">
            <dt className="w-12 shrink-0 text-slate-500">Value</dt>
            <dd className="flex min-w-0 flex-1 items-center justify-between gap-2">
              <span className="font-mono break-all">{domain.verification.value}</span>
              <CopyButton text={domain.verification.value} ariaLabel={`Copy the record value of ${domain.domain}`} />
            </dd>
          </div>
        </dl>
      ) : null}
      {domain.last_error ? <p className="text-slate-600">Last check: {domain.last_error}</p> : null}
      {error ? <ErrorNotice>{error.message}</ErrorNotice> : null}
    </li>
  );
}
