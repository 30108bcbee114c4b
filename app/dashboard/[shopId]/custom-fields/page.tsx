"use client";
import { useParams } from "next/navigation";
import { CustomFieldForm } from "@/components/custom-fields/custom-field-form";
import { DataTable, type Column } from "@/components/data-table";
import { EditDeleteButtons, useEditableList } from "@/components/editable-list";
import { PageHeading } from "@/components/page-heading";
import { OutcomeNotice, QueryView } from "@/components/query-view";
import { useCustomFields, useDeleteCustomField, type CustomField } from "@/lib/client/hooks/custom-fields";

const COLUMNS: Column<CustomField>[] = [
  { key: "name", header: "Name", cell: (field) => <span className="font-medium wrap-anywhere">{field.name}</span> },
  { key: "type", header: "Type", from: "sm", cell: (field) => field.type, className: "text-slate-600" },
  { key: "required", header: "Required", from: "sm", cell: (field) => (field.is_required ? "Yes" : "No"), className: "text-slate-600" },
  {
    key: "hint",
    header: "Hint / options",
    from: "sm",
    className: "max-w-xs text-slate-600",
    cell: (field) => <span className="line-clamp-2 wrap-anywhere">{[field.hint, field.options].filter(Boolean).join(" · ") || "—"}</span>,
  },
];

export default function CustomFieldsPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const fields = useCustomFields(shopId);
  const list = useEditableList<CustomField>({
    remove: useDeleteCustomField(shopId),
    noun: "Custom field",
    confirmDelete: (field) => `Delete the custom field “${field.name}”? Answers customers gave to it on invoices are deleted too.`,
  });

  return (
    <section className="space-y-4">
      <PageHeading title="Custom fields" description="Questions the checkout asks customers of the products they are attached to." />
      <CustomFieldForm key={list.formKey} shopId={shopId} field={list.editing ?? undefined} {...list.form} />
      <OutcomeNotice outcome={list.outcome} />
      <QueryView query={fields} loading="Loading custom fields" height="h-64" empty="No custom fields yet. Create one above.">
        {(rows) => (
          <DataTable
            caption="Custom fields"
            rows={rows}
            columns={COLUMNS}
            phone={(field) => (
              <p className="text-xs text-slate-500">
                {field.type}
                {field.is_required ? " · required" : ""}
              </p>
            )}
            actions={(field) => <EditDeleteButtons row={field} list={list} />}
          />
        )}
      </QueryView>
    </section>
  );
}
