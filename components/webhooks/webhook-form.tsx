"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS } from "@/lib/webhooks/event-types";
import { createWebhookSchema, type CreateWebhookInput, type CreatedWebhookEndpointView } from "@/lib/webhooks/schemas";
import { useCreateWebhook } from "@/lib/client/hooks/webhooks";

type FormValues = z.input<typeof createWebhookSchema>;
const FIELDS = ["url", "description", "format", "events", "telegram_bot_token", "telegram_chat_id"] as const;

const FORMAT_LABELS: Record<(typeof WEBHOOK_FORMATS)[number], string> = {
  standard: "Signed JSON (Standard Webhooks)",
  discord: "Discord channel (webhook URL)",
  telegram: "Telegram chat (bot)",
};

/** Creates an endpoint; the event picker's empty choice means every event. The API's 422 errors land on the inputs. */
export function WebhookForm({ shopId, onCreated }: { shopId: string; onCreated: (created: CreatedWebhookEndpointView) => void }) {
  const create = useCreateWebhook(shopId);
  const form = useForm<FormValues, unknown, CreateWebhookInput>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: { url: "", description: "", format: "standard", events: [], telegram_bot_token: "", telegram_chat_id: "" },
  });
  const { errors } = form.formState;
  const format = useWatch({ control: form.control, name: "format" });

  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      save={async (input) => {
        onCreated(await create.mutateAsync(input));
        form.reset();
      }}
      heading={{ noun: "webhook endpoint" }}
      submitLabel="Create endpoint"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField label="Format" error={errors.format?.message} {...form.register("format")}>
          {WEBHOOK_FORMATS.map((option) => (
            <option key={option} value={option}>
              {FORMAT_LABELS[option]}
            </option>
          ))}
        </SelectField>
        {format === "telegram" ? (
          <>
            <Field label="Bot token" error={errors.telegram_bot_token?.message} {...form.register("telegram_bot_token")} />
            <Field label="Chat id" error={errors.telegram_chat_id?.message} {...form.register("telegram_chat_id")} />
          </>
        ) : (
          <Field label="URL" type="url" error={errors.url?.message} {...form.register("url")} />
        )}
        <Field label="Description" error={errors.description?.message} {...form.register("description")} />
      </div>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-slate-700">Events (none picked = every event)</legend>
        <div className="mt-1 grid grid-cols-1 gap-1 text-sm sm:grid-cols-3">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input type="checkbox" value={type} {...form.register("events")} />
              <code>{type}</code>
            </label>
          ))}
        </div>
        {errors.events ? <p className="mt-1 text-sm text-red-700">{String(errors.events.message ?? "Invalid events.")}</p> : null}
      </fieldset>
    </EditorForm>
  );
}
