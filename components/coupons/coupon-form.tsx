"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import { CheckboxField } from "@/components/checkbox-field";
import { CheckboxList } from "@/components/checkbox-list";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { COUPON_TYPES, createCouponSchema, updateCouponSchema } from "@/lib/coupons/schemas";
import { useSaveCoupon, type Coupon } from "@/lib/client/hooks/coupons";
import { useProductOptions } from "@/lib/client/hooks/products";

const FIELDS = [
  "code",
  "type",
  "discount",
  "global",
  "max_uses",
  "max_uses_per_customer",
  "start_date",
  "expiration_date",
  "min_invoice_price",
  "disable_if_volume_discount",
  "allowed_emails",
  "products",
] as const;

function defaults(coupon?: Coupon) {
  return {
    code: coupon?.code ?? "",
    type: coupon?.type ?? ("percentage" as const),
    discount: coupon ? String(coupon.discount) : "",
    global: coupon ? coupon.global === 1 : true,
    max_uses: coupon?.max_uses != null ? String(coupon.max_uses) : "",
    max_uses_per_customer: coupon?.max_uses_per_customer != null ? String(coupon.max_uses_per_customer) : "",
    start_date: coupon?.start_date?.slice(0, 10) ?? "",
    expiration_date: coupon?.expiration_date?.slice(0, 10) ?? "",
    min_invoice_price: coupon?.min_invoice_price != null ? String(coupon.min_invoice_price) : "",
    disable_if_volume_discount: coupon?.disable_if_volume_discount ?? false,
    allowed_emails: coupon?.allowed_emails?.join(", ") ?? "",
    products: coupon?.products ?? [],
    // the API's other name for `products`, never sent by this form
    items: undefined as number[] | undefined,
  };
}

/**
 * Create or edit a coupon. Create validates with the create schema, edit
 * with the update schema (every field is sent, so what the seller cleared
 * is cleared).
 */
export function CouponForm({ shopId, coupon, onSaved }: { shopId: string; coupon?: Coupon; onSaved: (message: string) => void }) {
  const products = useProductOptions(shopId);
  const save = useSaveCoupon(shopId);
  const form = useForm({ resolver: zodResolver(coupon ? updateCouponSchema : createCouponSchema), defaultValues: defaults(coupon) });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: "type" });

  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      save={async (input) => {
        const saved = await save.mutateAsync({ id: coupon?.id, input });
        onSaved(coupon ? `Coupon ${saved.code} saved.` : `Coupon ${saved.code} created.`);
      }}
      submitLabel={coupon ? "Save coupon" : "Create coupon"}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Code" autoCapitalize="characters" error={errors.code?.message} {...form.register("code")} />
        <SelectField label="Type" error={errors.type?.message} {...form.register("type")}>
          {COUPON_TYPES.map((value) => (
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
        <Field
          label="Max uses"
          type="number"
          min={1}
          inputMode="numeric"
          placeholder="Unlimited"
          error={errors.max_uses?.message}
          {...form.register("max_uses")}
        />
        <Field
          label="Max uses per customer"
          type="number"
          min={1}
          inputMode="numeric"
          placeholder="Unlimited"
          error={errors.max_uses_per_customer?.message}
          {...form.register("max_uses_per_customer")}
        />
        <Field label="Starts on" type="date" error={errors.start_date?.message} {...form.register("start_date")} />
        <Field label="Expires on" type="date" error={errors.expiration_date?.message} {...form.register("expiration_date")} />
        <Field
          label="Minimum order"
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          placeholder="None"
          error={errors.min_invoice_price?.message}
          {...form.register("min_invoice_price")}
        />
        <Field
          label="Only for these emails (comma-separated)"
          placeholder="Anyone"
          error={errors.allowed_emails?.message}
          {...form.register("allowed_emails")}
        />
      </div>
      <CheckboxField label="Global (valid for every product)" {...form.register("global")} />
      <CheckboxField label="Not with a volume discount (a quantity deal)" {...form.register("disable_if_volume_discount")} />
      <Controller
        control={form.control}
        name="products"
        render={({ field }) => (
          <CheckboxList
            legend="Only for these products"
            options={products.data ?? []}
            empty={products.data ? "The shop has no products yet." : "Loading products…"}
            value={(field.value as number[] | undefined) ?? []}
            onChange={field.onChange}
            error={errors.products?.message}
          />
        )}
      />
    </EditorForm>
  );
}
