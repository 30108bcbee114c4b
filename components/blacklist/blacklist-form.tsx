"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { BLACKLIST_TYPES, createBlacklistEntrySchema, MATCH_TYPES, updateBlacklistEntrySchema } from "@/lib/blacklist/schemas";
import { useSaveBlacklistEntry, type BlacklistEntry } from "@/lib/client/hooks/blacklist";

const FIELDS = ["type", "match_type", "value", "reason"] as const;

export const TYPE_LABELS: Record<(typeof BLACKLIST_TYPES)[number], string> = {
  email: "Email",
  ip: "IP address or range",
  user_agent: "User agent",
  asn: "ASN",
  country_code: "Country code",
};

/**
 * Add or edit an entry. The API's own schema validates here too, so an
 * invalid regex (RE2 syntax) or an IP that is not one is shown before
 * sending; the server checks again and its 422 lands on the same field.
 */
export function BlacklistForm({ shopId, entry, onSaved }: { shopId: string; entry?: BlacklistEntry; onSaved: (message: string) => void }) {
  const save = useSaveBlacklistEntry(shopId);
  const form = useForm({
    resolver: zodResolver(entry ? updateBlacklistEntrySchema : createBlacklistEntrySchema),
    defaultValues: {
      type: (entry?.type ?? "email") as (typeof BLACKLIST_TYPES)[number],
      match_type: (entry?.match_type ?? "exact") as (typeof MATCH_TYPES)[number],
      value: entry?.value ?? "",
      reason: entry?.reason ?? "",
    },
  });
  const { errors } = form.formState;

  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      save={async (input) => {
        const saved = await save.mutateAsync({ id: entry?.id, input });
        onSaved(entry ? `Entry ${saved.value} saved.` : `Entry ${saved.value} added.`);
      }}
      submitLabel={entry ? "Save entry" : "Add entry"}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField label="Type" error={errors.type?.message} {...form.register("type")}>
          {BLACKLIST_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Match" error={errors.match_type?.message} {...form.register("match_type")}>
          <option value="exact">Exact (IP entries take CIDR ranges)</option>
          <option value="regex">Regular expression (RE2)</option>
        </SelectField>
        <Field label="Value" autoComplete="off" spellCheck={false} error={errors.value?.message} {...form.register("value")} />
        <Field label="Reason (private)" error={errors.reason?.message} {...form.register("reason")} />
      </div>
    </EditorForm>
  );
}
