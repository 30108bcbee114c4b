"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { useDeleteShop } from "@/lib/client/hooks/shops";
import { deleteShopBody, type DeleteShopInput } from "@/lib/shops/schemas";

type FormValues = z.input<typeof deleteShopBody>;
const FIELDS = ["name", "password"] as const;

/** The danger zone: the owner types the shop's exact name and their password; the shop is archived (its invoices kept). */
export function DeleteShopForm({ shopId, shopName }: { shopId: string; shopName: string }) {
  const router = useRouter();
  const remove = useDeleteShop(shopId);
  const form = useForm<FormValues, unknown, DeleteShopInput>({
    resolver: zodResolver(deleteShopBody),
    defaultValues: { name: "", password: "" },
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="danger-zone" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        Delete this shop
      </h2>
      <p className="text-sm text-slate-700">
        The shop and its storefront disappear for everyone; its invoices and customers are kept, archived with it. Its subdomain stays
        taken. A shop with pending invoices cannot be deleted. Type <strong>{shopName}</strong> and your password to confirm.
      </p>
      <EditorForm
        form={form}
        fields={FIELDS}
        save={async (input) => {
          await remove.mutateAsync(input);
          router.replace("/dashboard");
        }}
        submitLabel="Delete shop"
      >
        <Field label="Shop name" autoComplete="off" error={errors.name?.message} {...form.register("name")} />
        <Field
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
      </EditorForm>
    </section>
  );
}
