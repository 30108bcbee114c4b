"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import { Pagination } from "@/components/pagination";
import { TextareaField } from "@/components/textarea-field";
import { appendDeliverablesSchema } from "@/lib/catalog/schemas";
import { showApiErrors } from "@/lib/client/form-errors";
import { useAppendSerials, useRemoveSerials, useUnsoldSerials, type Variant } from "@/lib/client/hooks/products";

const PER_PAGE = 20;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type FormValues = z.input<typeof appendDeliverablesSchema>;
type FormOutput = z.output<typeof appendDeliverablesSchema>;

/** The first message of a field whose errors may sit on its lines (`deliverables.3`). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  if ("message" in error && typeof error.message === "string") return error.message;
  return Object.values(error).map(firstMessage).find(Boolean);
}

/**
 * A serial variant's stock: add serials in bulk (the API reports added and
 * duplicate lines), page through the unsold ones, remove one. The count shown
 * is the variant's `stock` from the API.
 */
export function SerialStock({ shopId, productId, variant }: { shopId: string; productId: string; variant: Variant }) {
  const serials = useUnsoldSerials(shopId, productId, variant.id);
  const append = useAppendSerials(shopId, productId, variant.id);
  const remove = useRemoveSerials(shopId, productId, variant.id);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(appendDeliverablesSchema),
    defaultValues: { deliverables: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ deliverables }) => {
    setStatus(null);
    try {
      const result = await append.mutateAsync(deliverables);
      setStatus(`${plural(result.added, "serial", "serials")} added, ${plural(result.duplicates, "duplicate", "duplicates")} skipped.`);
      form.reset();
    } catch (error) {
      showApiErrors(error, form.setError, ["deliverables"]);
    }
  });

  const onRemove = (serial: string) => {
    if (!window.confirm(`Remove the serial “${serial}” from stock? It cannot be sold afterwards.`)) return;
    setStatus(null);
    remove.mutate([serial], {
      onSuccess: (result) => setStatus(result.removed ? "1 serial removed." : "That serial was no longer in stock (sold meanwhile?)."),
    });
  };

  const all = serials.data?.deliverables ?? [];
  const lastPage = Math.max(1, Math.ceil(all.length / PER_PAGE));
  const current = Math.min(page, lastPage);
  const shown = all.slice((current - 1) * PER_PAGE, current * PER_PAGE);

  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={`Stock of ${variant.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{variant.name}</h3>
        <p className="text-sm text-slate-600" data-testid="variant-stock">
          {plural(variant.stock ?? 0, "serial", "serials")} in stock
        </p>
      </div>

      <form onSubmit={submit} noValidate className="space-y-2">
        <TextareaField
          label={`Add serials to ${variant.name}`}
          hint="One per line. Lines already in stock (or sold) are skipped as duplicates."
          rows={4}
          error={firstMessage(errors.deliverables)}
          {...form.register("deliverables")}
        />
        {errors.root ? <ErrorNotice>{errors.root.message}</ErrorNotice> : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Adding…" : "Add serials"}
        </Button>
      </form>

      <div aria-live="polite">
        {remove.error ? <ErrorNotice>{remove.error.message}</ErrorNotice> : status ? <StatusNotice>{status}</StatusNotice> : null}
      </div>

      <h4 className="text-sm font-medium text-slate-700">Unsold serials</h4>
      {serials.error ? (
        <ErrorNotice>{serials.error.message}</ErrorNotice>
      ) : !serials.data ? (
        <Skeleton label="Loading serials" className="h-40" />
      ) : all.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-center text-sm text-slate-500">No serials in stock.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={`Unsold serials of ${variant.name}`}>
            {shown.map((serial) => (
              <li key={serial} className="flex items-center justify-between gap-2 px-3 py-1.5">
                <code className="min-w-0 break-all font-mono text-sm">{serial}</code>
                <Button
                  variant="danger"
                  className="shrink-0 px-2 py-1 text-xs"
                  aria-label={`Remove serial ${serial}`}
                  disabled={remove.isPending}
                  onClick={() => onRemove(serial)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <Pagination
            envelope={{
              current_page: current,
              last_page: lastPage,
              from: (current - 1) * PER_PAGE + 1,
              to: (current - 1) * PER_PAGE + shown.length,
              total: all.length,
            }}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
