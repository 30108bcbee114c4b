"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { useForm, useFormContext, useWatch, type Path } from "react-hook-form";
import type { z } from "zod";
import { EditorForm } from "@/components/editor-form";
import { CONTROL_CLASS, describedBy } from "@/components/field-frame";
import { SelectField } from "@/components/select-field";
import { useSaveTheme, type Theme } from "@/lib/client/hooks/themes";
import { HOME_LAYOUTS, OFFICIAL_THEMES, THEME_FONTS, THEME_PRESETS, THEME_RADII, themeSettingsOf } from "@/lib/storefront/theme";
import { themePreviewDocument } from "@/lib/themes/preview";
import { themeSettingsSchema, type ThemeSettingsInput } from "@/lib/themes/schemas";

type FormValues = z.input<typeof themeSettingsSchema>;
type ColourName = keyof ThemeSettingsInput["template"]["colors"];

const COLOURS: { name: ColourName; label: string }[] = [
  { name: "primary", label: "Primary colour" },
  { name: "background", label: "Background colour" },
  { name: "surface", label: "Surface colour" },
  { name: "text", label: "Text colour" },
];
const FIELDS = [
  "template.preset",
  ...COLOURS.map(({ name }) => `template.colors.${name}` as const),
  "template.radius",
  "template.font",
  "template.layout",
] as const satisfies readonly Path<FormValues>[];

const RADIUS_LABELS: Record<(typeof THEME_RADII)[number], string> = { none: "Square", small: "Small", large: "Large" };
const FONT_LABELS: Record<(typeof THEME_FONTS)[number], string> = {
  system: "System",
  serif: "Serif",
  rounded: "Rounded",
  mono: "Monospace",
};
const LAYOUT_LABELS: Record<(typeof HOME_LAYOUTS)[number], string> = { grid: "Grid of cards", list: "List" };
const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** A colour as a native picker and its `#rrggbb` text, one value: the text is the field the form validates. */
function ColourField({ name, label, error }: { name: Path<FormValues>; label: string; error?: string }) {
  const id = useId();
  const form = useFormContext<FormValues>();
  const value = useWatch({ control: form.control, name }) as string;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-start gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : "#000000"}
          onChange={(event) => form.setValue(name, event.target.value, { shouldDirty: true, shouldValidate: true })}
          className="mt-1 h-9 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-0.5"
        />
        <input id={id} {...describedBy(id, error)} className={CONTROL_CLASS} spellCheck={false} {...form.register(name)} />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The theme's storefront settings (preset, colours, corner radius, font, home
 * layout), validated with the API's own schema and saved through PUT, beside
 * a live preview: a miniature storefront in a sandboxed frame, drawn from the
 * settings as the storefront would read them (a value still being typed
 * leaves the preset's in place).
 */
export function ThemeEditor({
  shopId,
  shopName,
  theme,
  onSaved,
}: {
  shopId: string;
  shopName: string;
  theme: Theme;
  onSaved: (saved: Theme) => void;
}) {
  const update = useSaveTheme(shopId);
  const form = useForm<FormValues, unknown, ThemeSettingsInput>({
    resolver: zodResolver(themeSettingsSchema),
    defaultValues: { template: themeSettingsOf(theme) },
  });
  const { errors } = form.formState;
  const template = useWatch({ control: form.control, name: "template" });
  const preview = useMemo(() => themePreviewDocument(themeSettingsOf({ template }), shopName), [template, shopName]);

  const applyPreset = (preset: string) => {
    const official = OFFICIAL_THEMES[preset as keyof typeof OFFICIAL_THEMES];
    if (official) form.setValue("template", structuredClone(official), { shouldDirty: true, shouldValidate: true });
  };

  const save = async (input: ThemeSettingsInput) => {
    const saved = await update.mutateAsync({ id: theme.id, input: { template: input.template } });
    form.reset({ template: themeSettingsOf(saved) });
    onSaved(saved);
  };

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <EditorForm form={form} fields={FIELDS} save={save} heading={{ noun: "theme", editing: theme.name }} submitLabel="Save theme">
        <SelectField
          label="Preset"
          error={errors.template?.preset?.message}
          {...form.register("template.preset", { onChange: (event) => applyPreset(event.target.value) })}
        >
          {THEME_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {capitalised(preset)}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {COLOURS.map(({ name, label }) => (
            <ColourField key={name} name={`template.colors.${name}`} label={label} error={errors.template?.colors?.[name]?.message} />
          ))}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField label="Corner radius" error={errors.template?.radius?.message} {...form.register("template.radius")}>
            {THEME_RADII.map((radius) => (
              <option key={radius} value={radius}>
                {RADIUS_LABELS[radius]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Font" error={errors.template?.font?.message} {...form.register("template.font")}>
            {THEME_FONTS.map((font) => (
              <option key={font} value={font}>
                {FONT_LABELS[font]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Home layout" error={errors.template?.layout?.message} {...form.register("template.layout")}>
            {HOME_LAYOUTS.map((layout) => (
              <option key={layout} value={layout}>
                {LAYOUT_LABELS[layout]}
              </option>
            ))}
          </SelectField>
        </div>
      </EditorForm>
      <figure className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <figcaption className="text-sm font-medium text-slate-700">Preview</figcaption>
        {/* No allow-scripts and no allow-same-origin: the frame is an opaque origin that runs nothing. */}
        <iframe title="Storefront preview" sandbox="" srcDoc={preview} className="h-[28rem] w-full rounded-md border border-slate-200" />
      </figure>
    </div>
  );
}
