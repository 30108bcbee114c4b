"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { CheckboxList } from "@/components/checkbox-list";
import { DataTable } from "@/components/data-table";
import { Field } from "@/components/field";
import { QueryView } from "@/components/query-view";
import { SelectField } from "@/components/select-field";
import { createApiKeySchema, type CreateApiKeyInput } from "@/lib/auth/schemas";
import { showApiErrors } from "@/lib/client/form-errors";
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useShops } from "@/lib/client/hooks/account";

const dateTime = (value: string | null) => (value ? new Date(value).toLocaleString() : "never");

type KeyForm = z.input<typeof createApiKeySchema>;

/** The account's API keys: a form that creates one (shown once), and the list with revoke. */
export function ApiKeys() {
  const keys = useApiKeys();
  // whether a key has lapsed, as of when the list was read
  const loadedAt = keys.dataUpdatedAt;
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const shops = useShops();
  const shopName = (id: number) => shops.data?.find((shop) => shop.id === id)?.name ?? `#${id}`;
  const shopList = (ids: number[] | null) => (ids ? ids.map(shopName).join(", ") : "All shops");
  const [newKey, setNewKey] = useState<{ name: string; key: string } | null>(null);
  const form = useForm<KeyForm, unknown, CreateApiKeyInput>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: "", scope: "write", shop_ids: [] },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      // no shop picked: every shop, as the API's default
      const created = await create.mutateAsync({ ...input, shop_ids: input.shop_ids?.length ? input.shop_ids : undefined });
      setNewKey({ name: created.name, key: created.key });
      form.reset();
    } catch (error) {
      showApiErrors(error, form.setError, ["name", "scope", "expires_at", "shop_ids"]);
    }
  });

  return (
    <section aria-label="API keys" className="space-y-3">
      <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field
            label="New key name"
            className="flex-1"
            placeholder="e.g. Inventory sync"
            error={errors.name?.message}
            {...form.register("name")}
          />
          <SelectField label="Access" error={errors.scope?.message} {...form.register("scope")}>
            <option value="write">Read and write</option>
            <option value="read">Read only</option>
          </SelectField>
          <Field
            label="Expires on (optional)"
            type="date"
            error={errors.expires_at?.message}
            {...form.register("expires_at", { setValueAs: (value: string) => value || undefined })}
          />
        </div>
        {shops.data && shops.data.length > 1 ? (
          <Controller
            control={form.control}
            name="shop_ids"
            render={({ field }) => (
              <CheckboxList
                legend="Shops (none picked: all of them)"
                options={shops.data.map((shop) => ({ id: shop.id, name: shop.name }))}
                value={(field.value as number[] | undefined) ?? []}
                onChange={field.onChange}
                error={errors.shop_ids?.message}
              />
            )}
          />
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Creating…" : "Create API key"}
        </Button>
      </form>
      {errors.root ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      ) : null}

      {newKey ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4" role="status">
          <p className="text-sm font-medium text-amber-900">Copy the key “{newKey.name}” now: it is shown only once.</p>
          <code data-testid="new-api-key" className="mt-2 block break-all rounded bg-white p-2 font-mono text-sm">
            {newKey.key}
          </code>
          <div className="mt-2 flex gap-2">
            <Button variant="secondary" onClick={() => navigator.clipboard?.writeText(newKey.key)}>
              Copy
            </Button>
            <Button variant="secondary" onClick={() => setNewKey(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}

      <QueryView query={keys} loading="Loading API keys" empty="No API keys yet." height="h-32">
        {(rows) => (
          <DataTable
            caption="API keys"
            rows={rows}
            columns={[
              { key: "name", header: "Name", className: "font-medium", cell: (key) => key.name },
              { key: "prefix", header: "Key", className: "font-mono text-slate-600", cell: (key) => `${key.prefix}…` },
              {
                key: "scope",
                header: "Access",
                className: "text-slate-600",
                cell: (key) => (key.scope === "read" ? "Read only" : "Read and write"),
              },
              {
                key: "shops",
                header: "Shops",
                from: "md",
                className: "text-slate-600",
                cell: (key) => shopList(key.shop_ids),
              },
              { key: "expires", header: "Expires", from: "md", className: "text-slate-600", cell: (key) => dateTime(key.expires_at) },
              { key: "used", header: "Last used", from: "lg", className: "text-slate-600", cell: (key) => dateTime(key.last_used_at) },
              { key: "creator", header: "Created by", from: "lg", className: "text-slate-600", cell: (key) => key.created_by.email },
              {
                key: "status",
                header: "Status",
                cell: (key) => <KeyStatus revoked={!!key.revoked_at} expiresAt={key.expires_at} loadedAt={loadedAt} />,
              },
            ]}
            phone={(key) => (
              <span className="block text-xs text-slate-500">
                {shopList(key.shop_ids)} · expires {dateTime(key.expires_at)}
              </span>
            )}
            actions={(key) =>
              key.revoked_at ? null : (
                <Button
                  variant="danger"
                  aria-label={`Revoke ${key.name}`}
                  disabled={revoke.isPending && revoke.variables === key.id}
                  onClick={() => {
                    if (window.confirm(`Revoke “${key.name}”? Software using it stops working at once.`)) revoke.mutate(key.id);
                  }}
                >
                  Revoke
                </Button>
              )
            }
          />
        )}
      </QueryView>
    </section>
  );
}

function KeyStatus({ revoked, expiresAt, loadedAt }: { revoked: boolean; expiresAt: string | null; loadedAt: number }) {
  if (revoked) return <span className="text-slate-500">Revoked</span>;
  if (expiresAt && Date.parse(expiresAt) <= loadedAt) return <span className="text-slate-500">Expired</span>;
  return <span className="text-green-700">Active</span>;
}
