import type { HTMLAttributes } from "react";

/**
 * Preformatted text that may scroll (a command, a request, a response). It
 * takes the keyboard focus and carries a name, so someone without a mouse
 * can scroll it and a screen reader says what it is (axe:
 * scrollable-region-focusable).
 */
export function CodeBlock({ label, className = "", ...props }: HTMLAttributes<HTMLPreElement> & { label: string }) {
  return (
    <pre
      tabIndex={0}
      role="region"
      aria-label={label}
      className={`focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${className}`}
      {...props}
    />
  );
}
