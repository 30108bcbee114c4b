"use client";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { CustomFieldForm } from "@/components/custom-fields/custom-field-form";
import { ErrorNotice, StatusNotice } from "@/components/notice";
import { useCustomFields, useDeleteCustomField, type CustomField } from "@/lib/client/hooks/custom-fields";
import { TableScroller } from "@/components/table-scroller";

export default function CustomFieldsPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const fields = useCustomFields(shopId);
  const remove = useDeleteCustomField(shopId);
  const [editing, setEditing] = useState<CustomField | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const onDelete = (field: CustomField) => {
    if (!window.confirm(`Delete the custom field “${field.name}”? Answers customers gave to it on invoices are deleted too.`)) return;
    setStatus(null);
    remove.mutate(field.id, {
      onSuccess: () => {
        if (editing?.id === field.id) setEditing(null);
        setStatus(`Custom field “${field.name}” deleted.`);
      },
    });
  };

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Custom fields</h1>
        <p className="mt-1 text-sm text-slate-500">Questions the checkout asks customers of the products they are attached to.</p>
      </div>

      <CustomFieldForm
        key={editing?.id ?? "new"}
        shopId={shopId}
        field={editing ?? undefined}
        onCancel={editing ? () => setEditing(null) : undefined}
        onSaved={(saved) => {
          setStatus(editing ? `Custom field “${saved.name}” saved.` : `Custom field “${saved.name}” created.`);
          setEditing(null);
        }}
      />

      <div aria-live="polite">
        {remove.error ? <ErrorNotice>{remove.error.message}</ErrorNotice> : status ? <StatusNotice>{status}</StatusNotice> : null}
      </div>

      {fields.error ? (
        <ErrorNotice>{fields.error.message}</ErrorNotice>
      ) : !fields.data ? (
        <div className="h-64 animate-pulse rounded-lg border border-slate-200 bg-white" aria-label="Loading custom fields" />
      ) : fields.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
          No custom fields yet. Create one above.
        </p>
      ) : (
        <TableScroller>
          <table className="min-w-full text-sm">
            <caption className="sr-only">Custom fields</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  Type
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  Required
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  Hint / options
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {fields.data.map((field) => (
                <tr key={field.id}>
                  <td className="px-4 py-2">
                    <span className="font-medium wrap-anywhere">{field.name}</span>
                    {/* on a phone the hidden columns' facts sit under the name */}
                    <p className="text-xs text-slate-500 sm:hidden">
                      {field.type}
                      {field.is_required ? " · required" : ""}
                    </p>
                  </td>
                  <td className="hidden px-4 py-2 text-slate-600 sm:table-cell">{field.type}</td>
                  <td className="hidden px-4 py-2 text-slate-600 sm:table-cell">{field.is_required ? "Yes" : "No"}</td>
                  <td className="hidden max-w-xs px-4 py-2 text-slate-600 sm:table-cell">
                    <span className="line-clamp-2 wrap-anywhere">{[field.hint, field.options].filter(Boolean).join(" · ") || "—"}</span>
                  </td>
                  <td className="px-4 py-2">
                    <div className="flex justify-end gap-2">
                      <Button variant="secondary" aria-label={`Edit ${field.name}`} onClick={() => (setStatus(null), setEditing(field))}>
                        Edit
                      </Button>
                      <Button
                        variant="danger"
                        aria-label={`Delete ${field.name}`}
                        disabled={remove.isPending && remove.variables === field.id}
                        onClick={() => onDelete(field)}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
