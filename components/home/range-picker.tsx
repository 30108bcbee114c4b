"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type * as z from "zod";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { analyticsQuery } from "@/lib/analytics/schemas";
import type { AnalyticsRangeQuery } from "@/lib/client/hooks/analytics";

const DAY_MS = 86_400_000;
export const PRESETS = [
  { key: "24h", label: "24 hours", days: 1 },
  { key: "7d", label: "7 days", days: 7 },
  { key: "30d", label: "30 days", days: 30 },
  { key: "90d", label: "90 days", days: 90 },
] as const;

/** The home page's range: a preset (up to now) or dates the seller chose. */
export type HomeRange = { key: string; label: string; query: AnalyticsRangeQuery };

export function presetRange(preset: (typeof PRESETS)[number]): HomeRange {
  return { key: preset.key, label: `last ${preset.label}`, query: { start: new Date(Date.now() - preset.days * DAY_MS).toISOString() } };
}

/** Presets as toggle buttons, and a from/to pair checked by the API's own query schema. */
export function RangePicker({ range, onChange }: { range: HomeRange; onChange: (range: HomeRange) => void }) {
  const form = useForm<z.input<typeof analyticsQuery>, unknown, z.output<typeof analyticsQuery>>({
    resolver: zodResolver(analyticsQuery),
    defaultValues: { start: "", end: "" },
  });
  const apply = form.handleSubmit(() => {
    const { start, end } = form.getValues();
    onChange({ key: "custom", label: `${start} to ${end}`, query: { start: String(start), end: String(end) } });
  });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex gap-1" role="group" aria-label="Period">
        {PRESETS.map((preset) => (
          <button
            key={preset.key}
            type="button"
            aria-pressed={range.key === preset.key}
            onClick={() => onChange(presetRange(preset))}
            className={`rounded-md border px-3 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${range.key === preset.key ? "border-blue-600 bg-blue-600 text-white" : "border-slate-300 bg-white"}`}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label="Custom range" noValidate>
        <Field label="From" type="date" required {...form.register("start")} error={form.formState.errors.start?.message} />
        <Field label="To" type="date" required {...form.register("end")} error={form.formState.errors.end?.message} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
    </div>
  );
}
