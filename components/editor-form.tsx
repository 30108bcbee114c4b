"use client";
import { useEffect, type ReactNode } from "react";
import { FormProvider, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { showApiErrors } from "@/lib/client/form-errors";
import { Button } from "./button";
import { ErrorNotice } from "./notice";

/**
 * The frame every create/edit form of the dashboard shares: submit through
 * `save` with the API's 422s on the form's fields (anything else above the
 * buttons), "Saving…" while it runs, the Save and Cancel row, and, for a form
 * that stands on the page rather than in a dialog, its card with the heading
 * "New …" or "Edit “…”". Its fields can read the form through useFormContext.
 */
export function EditorForm<In extends FieldValues, Out>({
  form,
  fields,
  save,
  submitLabel,
  heading,
  focus,
  onCancel,
  children,
}: {
  form: UseFormReturn<In, unknown, Out>;
  /** the API's names of the fields the form shows */
  fields: readonly Path<In>[];
  save: (input: Out) => Promise<void>;
  submitLabel: string;
  /** the card's heading: `editing` is the record's name; a form in a dialog has the dialog's title instead */
  heading?: { noun: string; editing?: string };
  /** the input to focus on opening: an edit form opens from a row further down the page */
  focus?: Path<In>;
  onCancel?: () => void;
  children: ReactNode;
}) {
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (focus) form.setFocus(focus);
  }, [focus, form]);

  const submit = form.handleSubmit(async (input) => {
    try {
      await save(input);
    } catch (error) {
      showApiErrors(error, form.setError, fields);
    }
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={heading ? (heading.editing ? `Edit ${heading.editing}` : `New ${heading.noun}`) : undefined}
        className={heading ? "space-y-3 rounded-lg border border-slate-200 bg-white p-4" : "space-y-4"}
      >
        {heading ? (
          <h2 className="text-lg font-semibold">{heading.editing ? `Edit “${heading.editing}”` : `New ${heading.noun}`}</h2>
        ) : null}
        {children}
        {errors.root ? <ErrorNotice>{errors.root.message}</ErrorNotice> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </FormProvider>
  );
}
