"use client";
import { oneOf } from "@/lib/client/one-of";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { CUSTOM_FIELD_TYPES, customFieldSchema, type CustomFieldInput } from "@/lib/custom-fields/schemas";
import { useCustomFields, useDeleteCustomField, useSaveCustomField, type CustomField } from "@/lib/client/hooks/custom-fields";
import type { EditableArea, EditorProps } from "@/components/editable-list";

type FormValues = z.input<typeof customFieldSchema>;
const FIELDS = ["name", "hint", "type", "options", "is_required", "placeholder", "default", "regex"] as const;
const blankToNull = (value: string) => (value === "" ? null : value);

/** Creates a custom field, or edits `field`; the API's 422 errors land on the inputs. */
export function CustomFieldForm({ shopId, record: field, onSaved, onCancel }: EditorProps<CustomField>) {
  const save = useSaveCustomField(shopId);
  const form = useForm<FormValues, unknown, CustomFieldInput>({
    resolver: zodResolver(customFieldSchema),
    defaultValues: {
      name: field?.name ?? "",
      hint: field?.hint ?? "",
      type: oneOf(CUSTOM_FIELD_TYPES, field?.type, "text"),
      options: field?.options ?? "",
      is_required: field?.is_required ?? false,
      placeholder: field?.placeholder ?? "",
      default: field?.default ?? "",
      regex: field?.regex ?? "",
    },
  });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: "type" });

  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      save={async (input) => onSaved(await save.mutateAsync({ id: field?.id, input }))}
      heading={{ noun: "custom field", editing: field?.name }}
      focus={field ? "name" : undefined}
      submitLabel={field ? "Save changes" : "Create custom field"}
      onCancel={onCancel}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} {...form.register("name")} />
        <SelectField label="Type" error={errors.type?.message} {...form.register("type")}>
          {CUSTOM_FIELD_TYPES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <Field
          label="Hint"
          placeholder="Shown under the field at checkout"
          error={errors.hint?.message}
          {...form.register("hint", { setValueAs: blankToNull })}
        />
        <Field
          label="Placeholder"
          placeholder="Shown in the empty input"
          error={errors.placeholder?.message}
          {...form.register("placeholder", { setValueAs: blankToNull })}
        />
        <Field
          label="Default answer"
          placeholder="Used when the customer gives none"
          error={errors.default?.message}
          {...form.register("default", { setValueAs: blankToNull })}
        />
        <Field
          label="Answers must match (regular expression)"
          placeholder="e.g. ^[A-Za-z0-9_]{3,32}$"
          error={errors.regex?.message}
          {...form.register("regex", { setValueAs: blankToNull })}
        />
        {type === "select" ? (
          <Field
            label="Options"
            placeholder="Comma separated, e.g. Small, Medium, Large"
            error={errors.options?.message}
            {...form.register("options", { setValueAs: blankToNull })}
          />
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          {...form.register("is_required")}
        />
        Customers must answer it
      </label>
    </EditorForm>
  );
}

/** The page of the list, edited in place with this form (app/(app)/dashboard/[shopId]/custom-fields/page.tsx). */
export const CUSTOM_FIELDS: EditableArea<CustomField> = {
  title: "Custom fields",
  noun: "Custom field",
  description: "Questions the checkout asks customers of the products they are attached to.",
  confirmDelete: (field) => `Delete the custom field “${field.name}”? Answers customers gave to it on invoices are deleted too.`,
  useList: useCustomFields,
  useDelete: useDeleteCustomField,
  Form: CustomFieldForm,
};
