"use client";
import { oneOf } from "@/lib/client/one-of";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useFieldArray, useForm, type Path, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { CheckboxList } from "@/components/checkbox-list";
import { ErrorNotice, Skeleton } from "@/components/notice";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { TextareaField } from "@/components/textarea-field";
import { DELIVERABLES_TYPES, PRODUCT_TYPES, PRODUCT_VISIBILITIES, productSchema, type ProductInput } from "@/lib/catalog/schemas";
import { showApiErrors } from "@/lib/client/form-errors";
import { useCustomFields } from "@/lib/client/hooks/custom-fields";
import { useGroups } from "@/lib/client/hooks/groups";
import { useSaveProduct, type Product } from "@/lib/client/hooks/products";

type FormValues = z.input<typeof productSchema>;

const DELIVERY_LABELS: Record<(typeof DELIVERABLES_TYPES)[number], string> = {
  serials: "Serials (keys from stock)",
  service: "Service (counted or unlimited)",
  dynamic: "Dynamic (your URL delivers)",
};

const blankToNull = (value: string) => (value === "" ? null : value);
const blankToUndefined = (value: string) => (value === "" ? undefined : value);
const idOrNull = (value: string | number | null) => (value === "" || value === null ? null : Number(value));

function defaults(product?: Product): FormValues {
  return {
    name: product?.name ?? "",
    currency: product?.currency,
    visibility: oneOf(PRODUCT_VISIBILITIES, product?.visibility, "public"),
    deliverables_type: oneOf(DELIVERABLES_TYPES, product?.deliverables_type, "serials"),
    type: oneOf(PRODUCT_TYPES, product?.type, "variant"),
    group_id: product?.group_id ?? null,
    description: product?.description ?? "",
    instructions: product?.instructions ?? "",
    custom_field_ids: product?.custom_fields.map((field) => field.id) ?? [],
    variants: product?.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      price: variant.price,
      dynamic_url: variant.dynamic_url,
    })) ?? [{ name: "Default", price: "", dynamic_url: null }],
  };
}

/** Every field the API may name in a 422, so its errors land on the inputs (variants by index). */
function errorFields(variantCount: number): Path<FormValues>[] {
  const perVariant = Array.from(
    { length: variantCount },
    (_, i) => [`variants.${i}.id`, `variants.${i}.name`, `variants.${i}.price`, `variants.${i}.dynamic_url`] as const,
  ).flat();
  return [
    "name",
    "currency",
    "visibility",
    "deliverables_type",
    "type",
    "group_id",
    "description",
    "instructions",
    "custom_field_ids",
    "variants",
    ...perVariant,
  ];
}

/**
 * Creates a product or edits `product` with its variants. On update, a
 * variant keeps its id (and so its stock); a removed row is deleted by the
 * API when the form is saved.
 */
export function ProductForm({ shopId, product, onSaved }: { shopId: string; product?: Product; onSaved: (saved: Product) => void }) {
  const save = useSaveProduct(shopId, product ? String(product.id) : undefined);
  const groups = useGroups(shopId);
  const customFields = useCustomFields(shopId);
  const form = useForm<FormValues, unknown, ProductInput>({ resolver: zodResolver(productSchema), defaultValues: defaults(product) });
  const variants = useFieldArray({ control: form.control, name: "variants" });
  const { errors, isSubmitting } = form.formState;
  const deliverablesType = useWatch({ control: form.control, name: "deliverables_type" });

  const submit = form.handleSubmit(async (input) => {
    try {
      onSaved(await save.mutateAsync(input));
    } catch (error) {
      showApiErrors(error, form.setError, errorFields(input.variants.length));
    }
  });

  const removeVariant = (index: number) => {
    const saved = form.getValues(`variants.${index}.id`);
    const name = form.getValues(`variants.${index}.name`) || "this variant";
    if (saved && !window.confirm(`Remove “${name}”? When you save, it leaves the catalog with its unsold stock.`)) return;
    variants.remove(index);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={product ? "Product details" : "New product"}>
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold">Details</h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message} {...form.register("name")} />
          <Field
            label="Currency"
            placeholder="Shop currency"
            maxLength={3}
            error={errors.currency?.message}
            {...form.register("currency", { setValueAs: blankToUndefined })}
          />
          <SelectField label="Delivery" error={errors.deliverables_type?.message} {...form.register("deliverables_type")}>
            {DELIVERABLES_TYPES.map((type) => (
              <option key={type} value={type}>
                {DELIVERY_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Visibility" error={errors.visibility?.message} {...form.register("visibility")}>
            {PRODUCT_VISIBILITIES.map((visibility) => (
              <option key={visibility} value={visibility}>
                {visibility.replace("_", " ")}
              </option>
            ))}
          </SelectField>
          <SelectField label="Kind" error={errors.type?.message} {...form.register("type")}>
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Group"
            error={errors.group_id?.message}
            disabled={!groups.data}
            {...form.register("group_id", { setValueAs: idOrNull })}
          >
            <option value="">No group</option>
            {groups.data?.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </SelectField>
        </div>
        <TextareaField
          label="Description"
          hint="HTML is allowed."
          rows={4}
          error={errors.description?.message}
          {...form.register("description", { setValueAs: blankToNull })}
        />
        <TextareaField
          label="Instructions"
          hint="Shown to the customer with the delivery."
          rows={3}
          error={errors.instructions?.message}
          {...form.register("instructions", { setValueAs: blankToNull })}
        />
        {customFields.data ? (
          <Controller
            control={form.control}
            name="custom_field_ids"
            render={({ field }) => (
              <CheckboxList
                legend="Custom fields asked at checkout"
                options={customFields.data}
                value={(field.value as number[] | undefined) ?? []}
                onChange={field.onChange}
                error={errors.custom_field_ids?.message}
                empty="This shop has no custom fields."
              />
            )}
          />
        ) : customFields.error ? (
          <ErrorNotice>The custom fields could not be loaded: {customFields.error.message}</ErrorNotice>
        ) : (
          <Skeleton label="Loading custom fields" className="h-28" />
        )}
      </div>

      <fieldset className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="sr-only">Variants</legend>
        <h2 className="text-lg font-semibold">Variants</h2>
        {errors.variants?.message ? <ErrorNotice>{errors.variants.message}</ErrorNotice> : null}
        {variants.fields.map((variant, index) => (
          <div
            key={variant.id}
            className="grid grid-cols-1 gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start"
            role="group"
            aria-label={`Variant ${index + 1}`}
          >
            <Field label="Variant name" error={errors.variants?.[index]?.name?.message} {...form.register(`variants.${index}.name`)} />
            <Field
              label="Price"
              inputMode="decimal"
              error={errors.variants?.[index]?.price?.message}
              {...form.register(`variants.${index}.price`)}
            />
            <Button
              variant="danger"
              className="sm:mt-6"
              disabled={variants.fields.length === 1}
              aria-label={`Remove variant ${index + 1}`}
              onClick={() => removeVariant(index)}
            >
              Remove
            </Button>
            {deliverablesType === "dynamic" ? (
              <Field
                label="Dynamic URL"
                type="url"
                placeholder="https://your-shop.example/deliver"
                className="sm:col-span-3"
                error={errors.variants?.[index]?.dynamic_url?.message}
                {...form.register(`variants.${index}.dynamic_url`, { setValueAs: blankToNull })}
              />
            ) : null}
          </div>
        ))}
        <Button variant="secondary" onClick={() => variants.append({ name: "", price: "", dynamic_url: null })}>
          Add variant
        </Button>
      </fieldset>

      {errors.root ? <ErrorNotice>{errors.root.message}</ErrorNotice> : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : product ? "Save product" : "Create product"}
      </Button>
    </form>
  );
}
