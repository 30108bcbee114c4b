"use client";
import { oneOf } from "@/lib/client/one-of";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { TextareaField } from "@/components/textarea-field";
import { useImages } from "@/lib/client/hooks/images";
import { useDeleteTheme, useSaveTheme, useThemes, type Theme } from "@/lib/client/hooks/themes";
import type { EditableArea, EditorProps } from "@/components/editable-list";
import { THEME_TYPES, createThemeSchema, updateThemeSchema, type UpdateThemeInput } from "@/lib/themes/schemas";

type FormValues = z.input<typeof updateThemeSchema>;
const FIELDS = ["name", "description", "type", "image_id"] as const;

/**
 * Creates a theme (name and description: what POST takes) or edits `theme`
 * (PUT also sets its type and image). Each validates with its route's schema.
 */
export function ThemeForm({ shopId, record: theme, onSaved, onCancel }: EditorProps<Theme>) {
  const save = useSaveTheme(shopId);
  const images = useImages(shopId);
  const form = useForm<FormValues, unknown, UpdateThemeInput>({
    resolver: zodResolver(theme ? updateThemeSchema : createThemeSchema) as Resolver<FormValues, unknown, UpdateThemeInput>,
    defaultValues: {
      name: theme?.name ?? "",
      description: theme?.description ?? "",
      type: oneOf(THEME_TYPES, theme?.type, "private"),
      image_id: theme?.image_id ?? null,
    },
  });
  const { errors } = form.formState;

  const submit = async (input: UpdateThemeInput) =>
    onSaved(await save.mutateAsync(theme ? { id: theme.id, input } : { input: { name: input.name!, description: input.description } }));

  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      save={submit}
      heading={{ noun: "theme", editing: theme?.name }}
      focus={theme ? "name" : undefined}
      submitLabel={theme ? "Save changes" : "Create theme"}
      onCancel={onCancel}
    >
      <div className={theme ? "grid grid-cols-1 gap-3 sm:grid-cols-3" : ""}>
        <Field label="Name" error={errors.name?.message} {...form.register("name")} />
        {theme ? (
          <>
            <SelectField label="Type" error={errors.type?.message} {...form.register("type")}>
              {THEME_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Preview image"
              error={errors.image_id?.message}
              disabled={!images.data}
              {...form.register("image_id", {
                setValueAs: (value: string | number | null) => (value === "" || value === null ? null : Number(value)),
              })}
            >
              <option value="">None</option>
              {images.data?.map((image) => (
                <option key={image.id} value={image.id}>
                  Image #{image.id}
                </option>
              ))}
            </SelectField>
          </>
        ) : null}
      </div>
      <TextareaField label="Description" rows={3} error={errors.description?.message} {...form.register("description")} />
    </EditorForm>
  );
}

/** The page of the list, edited in place with this form (app/(app)/dashboard/[shopId]/themes/page.tsx). */
export const THEMES: EditableArea<Theme> = {
  title: "Themes",
  noun: "Theme",
  description: "Storefront looks of this shop.",
  confirmDelete: (theme) => `Delete the theme “${theme.name}”? A shop using it falls back to no theme.`,
  useList: useThemes,
  useDelete: useDeleteTheme,
  Form: ThemeForm,
};
