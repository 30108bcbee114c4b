"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { quantityDealBody } from "@/lib/deals/schemas";
import { useSaveQuantityDeal, type QuantityDeal } from "@/lib/client/hooks/deals";
import { useProductOptions } from "@/lib/client/hooks/products";
import { SCHEDULING_FIELDS, SchedulingFields, schedulingDefaults } from "./scheduling-fields";

const FIELDS = ["name", "product_id", "variant_id", "buy_quantity", "discounted_quantity", "percentage", ...SCHEDULING_FIELDS] as const;

function defaults(deal?: QuantityDeal) {
  return {
    name: deal?.name ?? "",
    product_id: deal ? String(deal.product_id) : "",
    variant_id: deal?.variant_id ? String(deal.variant_id) : "",
    buy_quantity: deal ? String(deal.buy_quantity) : "",
    discounted_quantity: deal ? String(deal.discounted_quantity) : "",
    percentage: deal ? String(deal.percentage) : "",
    ...schedulingDefaults(deal),
  };
}

/** Create or edit a quantity deal ("buy N, get M at P% off"), validated by the API's own schema. */
export function QuantityDealForm({ shopId, deal, onSaved }: { shopId: string; deal?: QuantityDeal; onSaved: (message: string) => void }) {
  const products = useProductOptions(shopId);
  const save = useSaveQuantityDeal(shopId);
  const form = useForm({ resolver: zodResolver(quantityDealBody), defaultValues: defaults(deal) });
  const { errors } = form.formState;
  const productId = String(useWatch({ control: form.control, name: "product_id" }) ?? "");
  const variants = products.data?.find((product) => String(product.id) === productId)?.variants ?? [];

  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      save={async (input) => {
        await save.mutateAsync({ id: deal?.id, input });
        onSaved(deal ? `Quantity deal “${input.name}” saved.` : `Quantity deal “${input.name}” created.`);
      }}
      submitLabel={deal ? "Save deal" : "Create deal"}
    >
      <Field label="Name" error={errors.name?.message} {...form.register("name")} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label="Product"
          error={errors.product_id?.message}
          disabled={!products.data}
          {...form.register("product_id", { onChange: () => form.setValue("variant_id", "") })}
        >
          <option value="">{products.data ? "Choose a product" : "Loading products…"}</option>
          {products.data?.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Variant" error={errors.variant_id?.message} disabled={!variants.length} {...form.register("variant_id")}>
          <option value="">Any variant</option>
          {variants.map((variant) => (
            <option key={variant.id} value={variant.id}>
              {variant.name} ({variant.price})
            </option>
          ))}
        </SelectField>
        <Field
          label="Buy quantity"
          type="number"
          min={1}
          inputMode="numeric"
          error={errors.buy_quantity?.message}
          {...form.register("buy_quantity")}
        />
        <Field
          label="Discounted quantity"
          type="number"
          min={1}
          inputMode="numeric"
          error={errors.discounted_quantity?.message}
          {...form.register("discounted_quantity")}
        />
        <Field
          label="Percentage off"
          type="number"
          step="0.01"
          inputMode="decimal"
          error={errors.percentage?.message}
          {...form.register("percentage")}
        />
      </div>
      <SchedulingFields />
    </EditorForm>
  );
}
