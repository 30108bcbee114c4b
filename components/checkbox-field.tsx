import type { InputHTMLAttributes } from "react";
import { forwardRef } from "react";

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: string };

/** A checkbox with its label beside it; the whole label is the click target. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, className = "", ...input },
  ref,
) {
  return (
    <label className={`inline-flex items-center gap-2 text-sm text-slate-700 ${className}`}>
      <input
        ref={ref}
        type="checkbox"
        className="size-4 rounded border-slate-300 accent-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        {...input}
      />
      {label}
    </label>
  );
});
