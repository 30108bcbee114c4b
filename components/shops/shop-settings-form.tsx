"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { StatusNotice } from "@/components/notice";
import { TextareaField } from "@/components/textarea-field";
import { useUpdateShop } from "@/lib/client/hooks/shops";
import { updateShopBody, type ShopView, type UpdateShopInput } from "@/lib/shops/schemas";

type FormValues = z.input<typeof updateShopBody>;
const LINKS = [
  ["discord_url", "Discord link"],
  ["youtube_url", "YouTube link"],
  ["telegram_url", "Telegram link"],
  ["tiktok_url", "TikTok link"],
  ["instagram_url", "Instagram link"],
] as const;
const IDS = [
  ["crisp_website_id", "Crisp website id"],
  ["tawkto_id", "tawk.to id"],
  ["gtag_id", "Google tag id"],
  ["discord_guild_id", "Discord server (guild) id"],
] as const;
const FIELDS = [
  "name",
  "subdomain",
  "description",
  ...LINKS.map(([field]) => field),
  ...IDS.map(([field]) => field),
  "discord_bot_token",
  "feedback_window_days",
  "support_email",
] as const;
/** An empty token input keeps the saved one: it is never shown, so it can only be replaced. */
const blankToUndefined = (value: string) => (value === "" ? undefined : value);

/** The shop's name, subdomain, description, footer links and stored ids. */
export function ShopSettingsForm({ shop }: { shop: ShopView }) {
  const update = useUpdateShop(String(shop.id));
  const [saved, setSaved] = useState(false);
  const values = (from: ShopView): FormValues => ({
    name: from.name,
    subdomain: from.subdomain,
    description: from.description ?? "",
    ...Object.fromEntries([...LINKS, ...IDS].map(([field]) => [field, from[field] ?? ""])),
    discord_bot_token: undefined,
    feedback_window_days: from.feedback_window_days,
    support_email: from.support_email ?? "",
  });
  const form = useForm<FormValues, unknown, UpdateShopInput>({ resolver: zodResolver(updateShopBody), defaultValues: values(shop) });
  const { errors } = form.formState;
  return (
    <div className="space-y-3">
      {saved ? <StatusNotice>Shop saved.</StatusNotice> : null}
      <EditorForm
        form={form}
        fields={FIELDS}
        save={async (input) => {
          setSaved(false);
          const next = await update.mutateAsync(input);
          form.reset(values(next));
          setSaved(true);
        }}
        submitLabel="Save shop"
      >
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Shop name" error={errors.name?.message} {...form.register("name")} />
          <Field
            label="Subdomain"
            autoCapitalize="off"
            spellCheck={false}
            error={errors.subdomain?.message}
            {...form.register("subdomain")}
          />
        </div>
        <TextareaField label="Description" rows={3} error={errors.description?.message} {...form.register("description")} />
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Links in the storefront&apos;s footer (https://…)</legend>
          {LINKS.map(([field, label]) => (
            <Field key={field} label={label} type="url" error={errors[field]?.message} {...form.register(field)} />
          ))}
        </fieldset>
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Stored ids (never run as scripts on the storefront)</legend>
          {IDS.map(([field, label]) => (
            <Field key={field} label={label} error={errors[field]?.message} {...form.register(field)} />
          ))}
          <Field
            label="Discord bot token"
            type="password"
            autoComplete="off"
            placeholder={shop.discord_bot_token_set ? "Saved (hidden). Type a new one to replace it." : "Not set."}
            error={errors.discord_bot_token?.message}
            {...form.register("discord_bot_token", { setValueAs: blankToUndefined })}
          />
        </fieldset>
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">After the sale</legend>
          <Field
            label="Days buyers may leave feedback (0: off)"
            type="number"
            min={0}
            max={3650}
            error={errors.feedback_window_days?.message}
            {...form.register("feedback_window_days")}
          />
          <Field
            label="Support e-mail (tickets; empty: the owner's)"
            type="email"
            error={errors.support_email?.message}
            {...form.register("support_email")}
          />
        </fieldset>
      </EditorForm>
    </div>
  );
}
