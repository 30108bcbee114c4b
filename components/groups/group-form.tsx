"use client";
import { oneOf } from "@/lib/client/one-of";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { CheckboxList } from "@/components/checkbox-list";
import { EditorForm } from "@/components/editor-form";
import { ErrorNotice, Skeleton } from "@/components/notice";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { useDeleteGroup, useGroups, useSaveGroup, type Group } from "@/lib/client/hooks/groups";
import type { EditableArea, EditorProps } from "@/components/editable-list";
import { useProductOptions } from "@/lib/client/hooks/products";
import { GROUP_VISIBILITIES, createGroupSchema, type CreateGroupInput } from "@/lib/groups/schemas";

type FormValues = z.input<typeof createGroupSchema>;
const FIELDS = ["name", "visibility", "badge_text", "badge_color", "products"] as const;

/** Creates a group, or edits `group`: its name, visibility and exactly which products are in it. */
export function GroupForm({ shopId, record: group, onSaved, onCancel }: EditorProps<Group>) {
  const save = useSaveGroup(shopId);
  const products = useProductOptions(shopId);
  const form = useForm<FormValues, unknown, CreateGroupInput>({
    resolver: zodResolver(createGroupSchema),
    defaultValues: {
      name: group?.name ?? "",
      visibility: oneOf(GROUP_VISIBILITIES, group?.visibility, "public"),
      badge_text: group?.badge_text ?? "",
      badge_color: group?.badge_color ?? "",
      products: group?.products.map((product) => product.id) ?? [],
    },
  });
  const { errors } = form.formState;

  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      save={async (input) => onSaved(await save.mutateAsync({ id: group?.id, input }))}
      heading={{ noun: "group", editing: group?.name }}
      focus={group ? "name" : undefined}
      submitLabel={group ? "Save changes" : "Create group"}
      onCancel={onCancel}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} {...form.register("name")} />
        <SelectField label="Visibility" error={errors.visibility?.message} {...form.register("visibility")}>
          {GROUP_VISIBILITIES.map((visibility) => (
            <option key={visibility} value={visibility}>
              {visibility}
            </option>
          ))}
        </SelectField>
        <Field label="Badge (optional)" placeholder="e.g. New" error={errors.badge_text?.message} {...form.register("badge_text")} />
        <Field label="Badge colour" placeholder="#2563eb" error={errors.badge_color?.message} {...form.register("badge_color")} />
      </div>
      {products.error ? (
        <ErrorNotice>The products could not be loaded: {products.error.message}</ErrorNotice>
      ) : !products.data ? (
        <Skeleton label="Loading products" className="h-40" />
      ) : (
        <Controller
          control={form.control}
          name="products"
          render={({ field }) => (
            <CheckboxList
              legend="Products"
              options={products.data}
              value={(field.value as number[] | null | undefined) ?? []}
              onChange={field.onChange}
              error={errors.products?.message}
              empty="This shop has no products yet."
            />
          )}
        />
      )}
    </EditorForm>
  );
}

/** The page of the list, edited in place with this form (app/(app)/dashboard/[shopId]/groups/page.tsx). */
export const GROUPS: EditableArea<Group> = {
  title: "Groups",
  noun: "Group",
  description: "Groups gather products on the storefront. A product is in at most one group.",
  confirmDelete: (group) => `Delete the group “${group.name}”? Its products stay in the catalog without a group.`,
  useList: useGroups,
  useDelete: useDeleteGroup,
  Form: GroupForm,
};
