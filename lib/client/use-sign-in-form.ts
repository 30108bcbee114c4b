"use client";
import { useRef, useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import { ApiRequestError } from "./api";

type Errors<Field extends string> = Partial<Record<Field | "form", string>>;

/**
 * The sign-in forms, kept light: the first page a seller or reseller loads
 * carries no form library, no query cache and no zod (first-load JavaScript
 * ≤ 150 KB gzipped; see docs/dashboard.md). The fields are read from the form on
 * submit and checked with the API's own schema, which `loadSchema` fetches
 * on the form's first focus (`preload`), so the messages are the API's; a
 * refusal of the API lands on its field, or on the form.
 */
export function useSignInForm<Field extends string, Input>({
  fields,
  loadSchema,
  send,
}: {
  fields: readonly Field[];
  loadSchema: () => Promise<ZodType<Input>>;
  send: (input: Input) => Promise<void>;
}) {
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const schema = useRef<Promise<ZodType<Input>> | null>(null);
  const preload = () => (schema.current ??= loadSchema());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // an empty optional field is absent, as everywhere in the API
    const values = Object.fromEntries(fields.flatMap((field) => (data.get(field) ? [[field, String(data.get(field))]] : [])));
    setSubmitting(true);
    try {
      const parsed = (await preload()).safeParse(values);
      if (!parsed.success) {
        const found: Errors<Field> = {};
        for (const issue of parsed.error.issues) {
          const field = (fields as readonly string[]).includes(String(issue.path[0])) ? (issue.path[0] as Field) : "form";
          found[field] ??= issue.message;
        }
        setErrors(found);
        return;
      }
      setErrors({});
      await send(parsed.data);
    } catch (error) {
      setErrors(errorsOf(error, fields));
    } finally {
      setSubmitting(false);
    }
  };

  return { errors, submitting, onSubmit, preload };
}

function errorsOf<Field extends string>(error: unknown, fields: readonly Field[]): Errors<Field> {
  if (!(error instanceof ApiRequestError)) return { form: "Could not reach the server. Try again." } as Errors<Field>;
  const found: Errors<Field> = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(key) && messages[0]) found[key as Field] = messages[0];
  }
  if (Object.keys(found).length === 0) found.form = error.message;
  return found;
}
