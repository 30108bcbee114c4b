"use client";
import { useEffect, useRef, useState } from "react";
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
