import type { TextareaHTMLAttributes } from "react";
import { forwardRef, useId } from "react";
import { CONTROL_CLASS, FieldFrame, describedBy } from "./field-frame";

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string };

/** A labelled textarea with an optional hint and its error under it, like Field. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, hint, className, ...textarea },
  ref,
) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea ref={ref} id={id} {...describedBy(id, error, hint)} className={CONTROL_CLASS} {...textarea} />
    </FieldFrame>
  );
});
