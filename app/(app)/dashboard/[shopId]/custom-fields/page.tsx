"use client";
import { DataTable, type Column } from "@/components/data-table";
import { EditDeleteButtons, EditableListPage, useEditableList } from "@/components/editable-list";
import { CUSTOM_FIELDS } from "@/components/custom-fields/custom-field-form";
import type { CustomField } from "@/lib/client/hooks/custom-fields";

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
  const list = useEditableList(CUSTOM_FIELDS);
  return (
    <EditableListPage list={list}>
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
    </EditableListPage>
  );
}
