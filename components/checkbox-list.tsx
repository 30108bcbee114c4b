"use client";
import { useId, useState } from "react";

type Option = { id: number; name: string };

type CheckboxListProps = {
  legend: string;
  options: Option[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  /** what to show when there is nothing to pick */
  empty?: string;
};

/**
 * A multi-select as a fieldset of checkboxes (keyboard and screen-reader
 * friendly), with a filter once the list is long and a count of the picked.
 */
export function CheckboxList({ legend, options, value, onChange, error, empty = "Nothing to choose from." }: CheckboxListProps) {
  const id = useId();
  const [filter, setFilter] = useState("");
  const picked = new Set(value);
  const shown = filter ? options.filter((option) => option.name.toLowerCase().includes(filter.toLowerCase())) : options;
  const toggle = (optionId: number) => onChange(picked.has(optionId) ? value.filter((v) => v !== optionId) : [...value, optionId]);

  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">
        {legend} <span className="font-normal text-slate-500">({value.length} selected)</span>
      </legend>
      {options.length > 8 ? (
        <>
          <label htmlFor={`${id}-filter`} className="sr-only">
            Filter {legend.toLowerCase()}
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            placeholder="Filter…"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          />
        </>
      ) : null}
      {/* a fixed height: options arriving must not move the buttons under the list */}
      <div className="mt-1 h-56 overflow-y-auto rounded-md border border-slate-300 bg-white p-1">
        {shown.length === 0 ? <p className="p-2 text-sm text-slate-500">{options.length ? "No match." : empty}</p> : null}
        {shown.map((option) => (
          <label key={option.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50">
            <input
              type="checkbox"
              className="size-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              checked={picked.has(option.id)}
              onChange={() => toggle(option.id)}
            />
            <span className="min-w-0 wrap-anywhere">{option.name}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
