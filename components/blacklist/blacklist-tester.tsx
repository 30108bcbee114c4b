"use client";
import { useState } from "react";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { ErrorNotice } from "@/components/notice";
import { SelectField } from "@/components/select-field";
import { BLACKLIST_TYPES, type BlacklistType } from "@/lib/blacklist/schemas";
import { useTestBlacklist } from "@/lib/client/hooks/blacklist";
import { TYPE_LABELS } from "./blacklist-form";

/** "Would this buyer be refused?": the server runs the shop's rules on one value (POST .../blacklist/test). */
export function BlacklistTester({ shopId }: { shopId: string }) {
  const test = useTestBlacklist(shopId);
  const [type, setType] = useState<BlacklistType>("email");
  const [value, setValue] = useState("");
  const result = test.data;

  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Test a value"
      onSubmit={(event) => {
        event.preventDefault();
        test.mutate({ type, value });
      }}
    >
      <h2 className="text-lg font-semibold">Test a value against the rules</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
        <SelectField label="Test type" value={type} onChange={(event) => setType(event.target.value as BlacklistType)}>
          {BLACKLIST_TYPES.map((option) => (
            <option key={option} value={option}>
              {TYPE_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <Field label="Test value" value={value} spellCheck={false} onChange={(event) => setValue(event.target.value)} />
        <Button type="submit" disabled={test.isPending || !value.trim()}>
          Test
        </Button>
      </div>
      <div aria-live="polite">
        {test.error ? <ErrorNotice>{test.error.message}</ErrorNotice> : null}
        {result ? (
          <div
            role="status"
            className={`rounded-md p-3 text-sm ${result.blocked ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}
          >
            <p className="font-medium">{result.blocked ? "Blocked" : "Allowed"}</p>
            {result.customer_banned ? <p>The customer with this email is banned.</p> : null}
            {result.matches.length ? (
              <ul className="mt-1 list-disc pl-5">
                {result.matches.map((entry) => (
                  <li key={entry.id}>
                    <span className="font-mono break-all">{entry.value}</span> ({entry.match_type}){entry.reason ? `: ${entry.reason}` : ""}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}
