"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { CheckboxList } from "@/components/checkbox-list";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { createApiKeySchema, type CreateApiKeyInput } from "@/lib/auth/schemas";
import { showApiErrors } from "@/lib/client/form-errors";
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useShops } from "@/lib/client/hooks/account";
import { TableScroller } from "@/components/table-scroller";
import { ChangePasswordForm } from "@/components/account/change-password";
import { SessionsList } from "@/components/account/sessions-list";
import { TwoFactorSection } from "@/components/account/two-factor";

const dateTime = (value: string | null) => (value ? new Date(value).toLocaleString() : "never");

type KeyForm = z.input<typeof createApiKeySchema>;

export default function AccountPage() {
  const keys = useApiKeys();
  // whether a key has lapsed, as of when the list was read
  const loadedAt = keys.dataUpdatedAt;
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const shops = useShops();
  const shopName = (id: number) => shops.data?.find((shop) => shop.id === id)?.name ?? `#${id}`;
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
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Account</h1>
        <p className="mt-1 text-sm text-slate-500">
          API keys let your own software call the Shopdesk API as you, with your role in each shop. A read-only key can change nothing; a
          key can be limited to some shops and given an expiry. Keys are created and revoked here only, never with a key.
        </p>
      </div>

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

      <TableScroller>
        <table className="min-w-full text-sm">
          <caption className="sr-only">API keys</caption>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Key
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Access
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Shops
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Expires
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Last used
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Created by
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {keys.isPending ? (
              <tr>
                <td colSpan={9} className="px-4 py-6 text-center text-slate-500">
                  Loading…
                </td>
              </tr>
            ) : keys.error ? (
              <tr>
                <td colSpan={9} className="px-4 py-6 text-center text-red-600">
                  The keys could not be loaded.
                </td>
              </tr>
            ) : keys.data.length === 0 ? (
              <tr>
                <td colSpan={9} className="px-4 py-6 text-center text-slate-500">
                  No API keys yet.
                </td>
              </tr>
            ) : (
              keys.data.map((key) => (
                <tr key={key.id}>
                  <td className="px-4 py-2 font-medium">{key.name}</td>
                  <td className="px-4 py-2 font-mono text-slate-600">{key.prefix}…</td>
                  <td className="px-4 py-2 text-slate-600">{key.scope === "read" ? "Read only" : "Read and write"}</td>
                  <td className="px-4 py-2 text-slate-600">{key.shop_ids ? key.shop_ids.map(shopName).join(", ") : "All shops"}</td>
                  <td className="px-4 py-2 text-slate-600">{dateTime(key.expires_at)}</td>
                  <td className="px-4 py-2 text-slate-600">{dateTime(key.last_used_at)}</td>
                  <td className="px-4 py-2 text-slate-600">{key.created_by.email}</td>
                  <td className="px-4 py-2">
                    {key.revoked_at ? (
                      <span className="text-slate-500">Revoked</span>
                    ) : key.expires_at && Date.parse(key.expires_at) <= loadedAt ? (
                      <span className="text-slate-500">Expired</span>
                    ) : (
                      <span className="text-green-700">Active</span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-right">
                    {key.revoked_at ? null : (
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
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroller>

      <ChangePasswordForm />
      <TwoFactorSection />
      <SessionsList />
    </section>
  );
}
