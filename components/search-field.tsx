"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "./button";
import { Field } from "./field";

/** A search input that reports its text after a short pause in typing, so each keystroke is not a request. */
export function SearchField({
  label,
  value,
  onSearch,
  className,
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const report = useRef(onSearch);
  useEffect(() => {
    report.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => report.current(text), 350);
    return () => clearTimeout(timer);
  }, [text, value]);

  return <Field label={label} type="search" className={className} value={text} onChange={(event) => setText(event.target.value)} />;
}

/** A search that runs on submit (Enter or its button), for lists whose search is a deliberate act. */
export function SearchForm({ label, value, onSearch }: { label: string; value: string; onSearch: (text: string) => void }) {
  return (
    <form
      key={value}
      role="search"
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const text = new FormData(event.currentTarget).get("search");
        onSearch(typeof text === "string" ? text.trim() : "");
      }}
    >
      <Field label={label} name="search" type="search" defaultValue={value} className="flex-1 sm:max-w-sm" />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}
