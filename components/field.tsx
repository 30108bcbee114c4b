import type { InputHTMLAttributes } from "react";
import { forwardRef, useId } from "react";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input with its error under it, announced to screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, className, ...input }, ref) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 aria-[invalid]:border-red-500"
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});
