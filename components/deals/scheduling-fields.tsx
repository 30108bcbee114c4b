"use client";
import { useFormContext } from "react-hook-form";
import { CheckboxField } from "@/components/checkbox-field";
import { Field } from "@/components/field";

/** The form values both promotion forms share, as their inputs hold them. */
export type SchedulingValues = {
  max_uses_per_cart: unknown;
  priority: unknown;
  starts_at: unknown;
  ends_at: unknown;
  enabled: unknown;
};

export const SCHEDULING_FIELDS = ["max_uses_per_cart", "priority", "starts_at", "ends_at", "enabled"] as const;

/** An ISO timestamp as a datetime-local value; the forms read and write UTC, as the labels say. */
export function toDateTimeInput(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16) : "";
}

export function schedulingDefaults(record?: {
  max_uses_per_cart: number | null;
  priority: number;
  starts_at: string | null;
  ends_at: string | null;
  enabled: boolean;
}) {
  return {
    max_uses_per_cart: record?.max_uses_per_cart != null ? String(record.max_uses_per_cart) : "",
    priority: record ? String(record.priority) : "",
    starts_at: toDateTimeInput(record?.starts_at),
    ends_at: toDateTimeInput(record?.ends_at),
    enabled: record?.enabled ?? true,
  };
}

/** How often per cart, in which order and when a deal or offer applies, and whether it is on. */
export function SchedulingFields() {
  const { register, formState } = useFormContext<SchedulingValues>();
  const { errors } = formState;
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="sr-only">Scheduling</legend>
      <Field
        label="Max uses per cart"
        type="number"
        min={1}
        inputMode="numeric"
        placeholder="Unlimited"
        error={errors.max_uses_per_cart?.message}
        {...register("max_uses_per_cart")}
      />
      <Field
        label="Priority"
        type="number"
        min={0}
        inputMode="numeric"
        placeholder="0 (higher applies first)"
        error={errors.priority?.message}
        {...register("priority")}
      />
      <Field label="Starts at (UTC)" type="datetime-local" error={errors.starts_at?.message} {...register("starts_at")} />
      <Field label="Ends at (UTC)" type="datetime-local" error={errors.ends_at?.message} {...register("ends_at")} />
      <CheckboxField label="Enabled" className="sm:col-span-2" {...register("enabled")} />
    </fieldset>
  );
}

/** "Always", "From …", "Until …" or "… – …". */
export function scheduleText({ starts_at, ends_at }: { starts_at: string | null; ends_at: string | null }): string {
  const day = (iso: string) => new Date(iso).toLocaleDateString();
  if (starts_at && ends_at) return `${day(starts_at)} – ${day(ends_at)}`;
  if (starts_at) return `From ${day(starts_at)}`;
  if (ends_at) return `Until ${day(ends_at)}`;
  return "Always";
}
