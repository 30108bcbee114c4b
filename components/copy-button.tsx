"use client";
import { useState } from "react";
import { Button } from "@/components/button";

/** Copies `text` to the clipboard and says so for a moment (and to screen readers). */
export function CopyButton({ text, label = "Copy", ariaLabel }: { text: string; label?: string; ariaLabel?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2000);
  };
  const shown = state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label;
  // The accessible name keeps the visible word (WCAG 2.5.3): "Copied" alone would not be part of "Copy the address".
  const name = ariaLabel && state !== "idle" ? `${shown}: ${ariaLabel}` : ariaLabel;
  return (
    <Button variant="secondary" className="shrink-0 px-2 py-1 text-xs" aria-label={name} onClick={copy}>
      <span aria-live="polite">{shown}</span>
    </Button>
  );
}
