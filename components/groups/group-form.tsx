"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { CheckboxList } from "@/components/checkbox-list";
import { ErrorNotice } from "@/components/notice";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { showApiErrors } from "@/lib/client/form-errors";
import { useSaveGroup, type Group } from "@/lib/client/hooks/groups";
import { useProductOptions } from "@/lib/client/hooks/products";
import { GROUP_VISIBILITIES, createGroupSchema, type CreateGroupInput } from "@/lib/groups/schemas";

type FormValues = z.input<typeof createGroupSchema>;
const FIELDS = ["name", "visibility", "products"] as const;

/** Creates a group, or edits `group`: its name, visibility and exactly which products are in it. */
export function GroupForm({
  shopId,
  group,
  onSaved,
  onCancel,
}: {
  shopId: string;
  group?: Group;
  onSaved: (saved: Group) => void;
  onCancel?: () => void;
}) {
  const save = useSaveGroup(shopId);
  const products = useProductOptions(shopId);
  const form = useForm<FormValues, unknown, CreateGroupInput>({
    resolver: zodResolver(createGroupSchema),
    defaultValues: {
      name: group?.name ?? "",
      visibility: group?.visibility ?? "public",
      products: group?.products.map((product) => product.id) ?? [],
    },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (group) form.setFocus("name");
  }, [group, form]);

  const submit = form.handleSubmit(async (input) => {
    try {
      onSaved(await save.mutateAsync({ groupId: group?.id, input }));
    } catch (error) {
      showApiErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={group ? `Edit ${group.name}` : "New group"}
    >
      <h2 className="text-lg font-semibold">{group ? `Edit “${group.name}”` : "New group"}</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} {...form.register("name")} />
        <SelectField label="Visibility" error={errors.visibility?.message} {...form.register("visibility")}>
          {GROUP_VISIBILITIES.map((visibility) => (
            <option key={visibility} value={visibility}>
              {visibility}
            </option>
          ))}
        </SelectField>
      </div>
      {products.error ? (
        <ErrorNotice>The products could not be loaded: {products.error.message}</ErrorNotice>
      ) : !products.data ? (
        <div className="h-40 animate-pulse rounded-md bg-slate-100" aria-label="Loading products" />
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
      {errors.root ? <ErrorNotice>{errors.root.message}</ErrorNotice> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : group ? "Save changes" : "Create group"}
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
