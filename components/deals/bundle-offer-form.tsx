"use client";
import { oneOf } from "@/lib/client/one-of";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import { CheckboxList } from "@/components/checkbox-list";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { BUNDLE_TYPES, bundleOfferBody } from "@/lib/deals/schemas";
import { useSaveBundleOffer, type BundleOffer } from "@/lib/client/hooks/deals";
import { useProductOptions } from "@/lib/client/hooks/products";
import { SCHEDULING_FIELDS, SchedulingFields, schedulingDefaults } from "./scheduling-fields";

const FIELDS = ["name", "type", "discount", "items", ...SCHEDULING_FIELDS] as const;

function defaults(offer?: BundleOffer) {
  return {
    name: offer?.name ?? "",
    type: oneOf(BUNDLE_TYPES, offer?.type, "percentage"),
    discount: offer ? String(offer.discount) : "",
    items: offer?.items ?? [],
    ...schedulingDefaults(offer),
  };
}

/** Create or edit a bundle offer (a discount when the cart holds one of each chosen product). */
export function BundleOfferForm({ shopId, offer, onSaved }: { shopId: string; offer?: BundleOffer; onSaved: (message: string) => void }) {
  const products = useProductOptions(shopId);
  const save = useSaveBundleOffer(shopId);
  const form = useForm({ resolver: zodResolver(bundleOfferBody), defaultValues: defaults(offer) });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: "type" });

  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      save={async (input) => {
        await save.mutateAsync({ id: offer?.id, input });
        onSaved(offer ? `Bundle offer “${input.name}” saved.` : `Bundle offer “${input.name}” created.`);
      }}
      submitLabel={offer ? "Save offer" : "Create offer"}
    >
      <Field label="Name" error={errors.name?.message} {...form.register("name")} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField label="Discount type" error={errors.type?.message} {...form.register("type")}>
          {BUNDLE_TYPES.map((value) => (
            <option key={value} value={value}>
              {value === "percentage" ? "Percentage" : "Fixed amount"}
            </option>
          ))}
        </SelectField>
        <Field
          label={type === "fixed" ? "Discount (amount)" : "Discount (%)"}
          type="number"
          step="0.01"
          inputMode="decimal"
          error={errors.discount?.message}
          {...form.register("discount")}
        />
      </div>
      <Controller
        control={form.control}
        name="items"
        render={({ field }) => (
          <CheckboxList
            legend="Products in the bundle"
            options={products.data ?? []}
            empty={products.data ? "The shop has no products yet." : "Loading products…"}
            value={(field.value as number[] | undefined) ?? []}
            onChange={field.onChange}
            error={errors.items?.message}
          />
        )}
      />
      <SchedulingFields />
    </EditorForm>
  );
}
