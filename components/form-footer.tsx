import { Button } from "@/components/button";

/** A small form's last lines: the error of the whole form (the API's refusal), its submit button and, when it can be left, Cancel. */
export function FormFooter({
  error,
  submitting,
  submitLabel,
  busyLabel,
  onCancel,
}: {
  error?: string;
  submitting: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel?: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={submitting}>
          {submitting ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </>
  );
}
