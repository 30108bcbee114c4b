"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { useCreateShop } from "@/lib/client/hooks/shops";
import { createShopForm, type CreateShopInput } from "@/lib/shops/schemas";

type FormValues = z.input<typeof createShopForm>;
const FIELDS = ["name", "subdomain"] as const;

/** A new shop of the signed-in seller (its owner); opens it once made. */
export function CreateShopForm() {
  const router = useRouter();
  const create = useCreateShop();
  const form = useForm<FormValues, unknown, CreateShopInput>({
    resolver: zodResolver(createShopForm),
    defaultValues: { name: "", subdomain: "" },
  });
  const { errors } = form.formState;
  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      heading={{ noun: "shop" }}
      focus="name"
      save={async (input) => {
        const shop = await create.mutateAsync(input);
        router.push(`/dashboard/${shop.id}`);
      }}
      submitLabel="Create shop"
    >
      <Field label="Shop name" error={errors.name?.message} {...form.register("name")} />
      <Field
        label="Subdomain"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.subdomain?.message}
        placeholder="my-shop"
        {...form.register("subdomain")}
      />
      <p className="text-sm text-slate-500">
        Lowercase letters, digits and dashes, 3 to 32 characters. The storefront lives at /s/&lt;subdomain&gt;. A deleted shop&apos;s
        subdomain stays taken.
      </p>
    </EditorForm>
  );
}
