"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import type { z } from "zod";
import { showApiErrors } from "@/lib/client/form-errors";
import { useInvoiceAction, type InvoiceAction } from "@/lib/client/hooks/invoices";

type Options<In extends FieldValues, Out> = {
  action: string;
  method?: InvoiceAction["method"];
  /** the route's own body schema (lib/invoices/action-schemas.ts) */
  schema: z.ZodType<Out, In>;
  defaultValues: DefaultValues<In>;
  /** the API's field names this form shows; by default those of `defaultValues` */
  fields?: readonly string[];
  /** asked before sending: the action runs only when the seller agrees */
  confirm?: (input: Out) => string;
  /** what the seller is told once it succeeded */
  done: (input: Out) => string;
  onDone: (message: string) => void;
};

/**
 * One invoice action as a form: validated by the route's own schema before
 * it is sent, the API's 422s on the fields (anything else on the form's
 * root), and the answer (the updated invoice) shown by the page.
 */
export function useInvoiceActionForm<In extends FieldValues, Out>(shopId: string, invoiceId: number, options: Options<In, Out>) {
  const run = useInvoiceAction(shopId, invoiceId);
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(options.schema), defaultValues: options.defaultValues });
  const fields = (options.fields ?? Object.keys(options.defaultValues)) as Path<In>[];

  const submit = form.handleSubmit(async (input) => {
    if (options.confirm && !window.confirm(options.confirm(input))) return;
    try {
      await run.mutateAsync({ action: options.action, method: options.method, body: input });
      options.onDone(options.done(input));
    } catch (error) {
      showApiErrors(error, form.setError, fields);
    }
  });

  return { form, submit };
}
