"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CopyButton } from "@/components/copy-button";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { StatusNotice } from "@/components/notice";
import { useSaveShopSettings } from "@/lib/client/hooks/payments";
import { shopSettingsBody, type ShopSettingsInput, type ShopSettingsView } from "@/lib/shops/schemas";

type FormValues = z.input<typeof shopSettingsBody>;
const FIELDS = ["valid_payment_methods", "bitcoin_address", "litecoin_address", "cardproc_api_key", "cardproc_webhook_secret"] as const;
const METHODS = [
  { code: "CARDPROC", label: "Card (processor)" },
  { code: "BTC", label: "Bitcoin" },
  { code: "LTC", label: "Litecoin" },
  { code: "MANUAL", label: "Manual (you confirm the payment)" },
] as const;
/** Empty secret inputs mean "keep the saved one": they are never shown, so they cannot be edited, only replaced. */
const blankToUndefined = (value: string) => (value === "" ? undefined : value);

/** The gateways' settings; the processor's key and secret are write-only (the API answers only whether they are set). */
export function GatewaySettingsForm({ shopId, settings }: { shopId: string; settings: ShopSettingsView }) {
  const save = useSaveShopSettings(shopId);
  const [saved, setSaved] = useState(false);
  const form = useForm<FormValues, unknown, ShopSettingsInput>({
    resolver: zodResolver(shopSettingsBody),
    defaultValues: {
      valid_payment_methods: settings.valid_payment_methods.filter((code) =>
        METHODS.some((method) => method.code === code),
      ) as FormValues["valid_payment_methods"],
      bitcoin_address: settings.bitcoin_address ?? "",
      litecoin_address: settings.litecoin_address ?? "",
      cardproc_api_key: undefined,
      cardproc_webhook_secret: undefined,
    },
  });
  const { errors } = form.formState;
  const secretHint = (set: boolean) => (set ? "Saved (hidden). Type a new one to replace it." : "Not set.");

  return (
    <div className="space-y-3">
      {saved ? <StatusNotice>Payment settings saved.</StatusNotice> : null}
      <EditorForm
        form={form}
        fields={FIELDS}
        save={async (input) => {
          setSaved(false);
          // an address is sent only when edited: a change of it is the owner's alone and needs a recent sign-in
          const edited = form.formState.dirtyFields;
          const body: ShopSettingsInput = { ...input };
          // the checkboxes list the gateways in their own order: keep the shop's order (the methods list above sets it)
          const place = (code: string) => {
            const at = settings.valid_payment_methods.indexOf(code);
            return at === -1 ? Number.MAX_SAFE_INTEGER : at;
          };
          body.valid_payment_methods = input.valid_payment_methods && [...input.valid_payment_methods].sort((a, b) => place(a) - place(b));
          if (!edited.bitcoin_address) delete body.bitcoin_address;
          if (!edited.litecoin_address) delete body.litecoin_address;
          await save.mutateAsync(body);
          form.resetField("bitcoin_address", { defaultValue: input.bitcoin_address ?? "" });
          form.resetField("litecoin_address", { defaultValue: input.litecoin_address ?? "" });
          form.resetField("cardproc_api_key", { defaultValue: undefined });
          form.resetField("cardproc_webhook_secret", { defaultValue: undefined });
          setSaved(true);
        }}
        submitLabel="Save payment settings"
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Gateways at checkout</legend>
          {METHODS.map((method) => (
            <label key={method.code} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={method.code} className="size-4" {...form.register("valid_payment_methods")} />
              {method.label}
            </label>
          ))}
          {errors.valid_payment_methods ? (
            <p className="text-sm text-red-700" role="alert">
              {errors.valid_payment_methods.message ?? errors.valid_payment_methods.root?.message}
            </p>
          ) : null}
        </fieldset>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Bitcoin address" error={errors.bitcoin_address?.message} {...form.register("bitcoin_address")} />
          <Field label="Litecoin address" error={errors.litecoin_address?.message} {...form.register("litecoin_address")} />
          <Field
            label="Card processor secret key"
            type="password"
            autoComplete="off"
            placeholder={secretHint(settings.cardproc_api_key_set)}
            error={errors.cardproc_api_key?.message}
            {...form.register("cardproc_api_key", { setValueAs: blankToUndefined })}
          />
          <Field
            label="Card processor webhook secret"
            type="password"
            autoComplete="off"
            placeholder={secretHint(settings.cardproc_webhook_secret_set)}
            error={errors.cardproc_webhook_secret?.message}
            {...form.register("cardproc_webhook_secret", { setValueAs: blankToUndefined })}
          />
        </div>
        <div className="space-y-1 text-sm">
          <p className="text-slate-700">Webhook endpoint to give the card processor:</p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-slate-50 px-2 py-1 font-mono">{settings.cardproc_webhook_url}</code>
            <CopyButton text={settings.cardproc_webhook_url} ariaLabel="Copy the webhook endpoint" />
          </div>
        </div>
      </EditorForm>
    </div>
  );
}
