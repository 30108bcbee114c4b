"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { createApiKeySchema, type CreateApiKeyInput } from "@/lib/auth/schemas";
import { showApiErrors } from "@/lib/client/form-errors";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "@/lib/client/hooks/account";
import { TableScroller } from "@/components/table-scroller";
import { ChangePasswordForm } from "@/components/account/change-password";
import { SessionsList } from "@/components/account/sessions-list";

const dateTime = (value: string | null) => (value ? new Date(value).toLocaleString() : "never");

export default function AccountPage() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [newKey, setNewKey] = useState<{ name: string; key: string } | null>(null);
  const form = useForm<CreateApiKeyInput>({ resolver: zodResolver(createApiKeySchema), defaultValues: { name: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const created = await create.mutateAsync(input);
      setNewKey({ name: created.name, key: created.key });
      form.reset();
    } catch (error) {
      showApiErrors(error, form.setError, ["name"]);
    }
  });

  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Account</h1>
        <p className="mt-1 text-sm text-slate-500">API keys let your own software call the Shopdesk API as you.</p>
      </div>

      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
      >
        <Field
          label="New key name"
          className="flex-1"
          placeholder="e.g. Inventory sync"
          error={errors.name?.message}
          {...form.register("name")}
        />
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
                Last used
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
                <td colSpan={5} className="px-4 py-6 text-center text-slate-500">
                  Loading…
                </td>
              </tr>
            ) : keys.error ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-red-600">
                  The keys could not be loaded.
                </td>
              </tr>
            ) : keys.data.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-slate-500">
                  No API keys yet.
                </td>
              </tr>
            ) : (
              keys.data.map((key) => (
                <tr key={key.id}>
                  <td className="px-4 py-2 font-medium">{key.name}</td>
                  <td className="px-4 py-2 font-mono text-slate-600">{key.prefix}…</td>
                  <td className="px-4 py-2 text-slate-600">{dateTime(key.last_used_at)}</td>
                  <td className="px-4 py-2">
                    {key.revoked_at ? <span className="text-slate-500">Revoked</span> : <span className="text-green-700">Active</span>}
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
      <SessionsList />
    </section>
  );
}
