import type { InputHTMLAttributes } from "react";
import { forwardRef, useId } from "react";
import { CONTROL_CLASS, FieldFrame, describedBy } from "./field-frame";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input with its error under it, announced to screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, className, ...input }, ref) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} className={className}>
      <input ref={ref} id={id} {...describedBy(id, error)} className={CONTROL_CLASS} {...input} />
    </FieldFrame>
  );
});
