import type { SelectHTMLAttributes } from "react";
import { forwardRef, useId } from "react";
import { CONTROL_CLASS, FieldFrame, describedBy } from "./field-frame";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string };

/** A labelled select with its error under it, like Field. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, className, children, ...select },
  ref,
) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} className={className}>
      <select ref={ref} id={id} {...describedBy(id, error)} className={CONTROL_CLASS} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
});
