"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { ErrorNotice } from "@/components/notice";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { TextareaField } from "@/components/textarea-field";
import { showApiErrors } from "@/lib/client/form-errors";
import { useImages } from "@/lib/client/hooks/images";
import { useCreateTheme, useUpdateTheme, type Theme } from "@/lib/client/hooks/themes";
import { THEME_TYPES, createThemeSchema, updateThemeSchema, type UpdateThemeInput } from "@/lib/themes/schemas";

type FormValues = z.input<typeof updateThemeSchema>;
const FIELDS = ["name", "description", "type", "image_id"] as const;

/**
 * Creates a theme (name and description: what POST takes) or edits `theme`
 * (PUT also sets its type and image). Each validates with its route's schema.
 */
export function ThemeForm({
  shopId,
  theme,
  onSaved,
  onCancel,
}: {
  shopId: string;
  theme?: Theme;
  onSaved: (saved: Theme) => void;
  onCancel?: () => void;
}) {
  const create = useCreateTheme(shopId);
  const update = useUpdateTheme(shopId);
  const images = useImages(shopId);
  const form = useForm<FormValues, unknown, UpdateThemeInput>({
    resolver: zodResolver(theme ? updateThemeSchema : createThemeSchema) as Resolver<FormValues, unknown, UpdateThemeInput>,
    defaultValues: {
      name: theme?.name ?? "",
      description: theme?.description ?? "",
      type: theme?.type ?? "private",
      image_id: theme?.image_id ?? null,
    },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (theme) form.setFocus("name");
  }, [theme, form]);

  const submit = form.handleSubmit(async (input) => {
    try {
      onSaved(
        theme
          ? await update.mutateAsync({ themeId: theme.id, input })
          : await create.mutateAsync({ name: input.name!, description: input.description }),
      );
    } catch (error) {
      showApiErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={theme ? `Edit ${theme.name}` : "New theme"}
    >
      <h2 className="text-lg font-semibold">{theme ? `Edit “${theme.name}”` : "New theme"}</h2>
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
      {errors.root ? <ErrorNotice>{errors.root.message}</ErrorNotice> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : theme ? "Save changes" : "Create theme"}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
