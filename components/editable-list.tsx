"use client";
import type { UseMutationResult } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Button } from "./button";
import type { Outcome } from "./query-view";

type Named = { id: number; name: string };

/**
 * The state of a list edited in place (groups, custom fields, themes): the
 * record in the form above the list (none: the form creates), the outcome of
 * the last save or delete, and the delete with its confirmation. `noun` starts
 * the messages: "Group “Shelf” created."
 */
export function useEditableList<Row extends Named>({
  remove,
  noun,
  confirmDelete,
}: {
  remove: UseMutationResult<unknown, Error, number>;
  noun: string;
  /** The question before a delete, naming what goes with it. */
  confirmDelete: (row: Row) => string;
}) {
  const [editing, setEditing] = useState<Row | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  return {
    editing,
    outcome,
    /** A new form per record: `<GroupForm key={list.formKey} {...list.form} group={list.editing ?? undefined} />`. */
    formKey: editing?.id ?? "new",
    form: {
      onCancel: editing ? () => setEditing(null) : undefined,
      onSaved: (saved: { name: string }) => {
        setOutcome({ ok: true, text: `${noun} “${saved.name}” ${editing ? "saved" : "created"}.` });
        setEditing(null);
      },
    },
    edit: (row: Row) => {
      setOutcome(null);
      setEditing(row);
    },
    remove: (row: Row) => {
      if (!window.confirm(confirmDelete(row))) return;
      setOutcome(null);
      remove.mutate(row.id, {
        onSuccess: () => {
          setEditing((current) => (current?.id === row.id ? null : current));
          setOutcome({ ok: true, text: `${noun} “${row.name}” deleted.` });
        },
        onError: (error) => setOutcome({ ok: false, text: error.message }),
      });
    },
    deleting: (row: Row) => remove.isPending && remove.variables === row.id,
  };
}

export type EditableList<Row extends Named> = ReturnType<typeof useEditableList<Row>>;

/** A row's Edit and Delete, named after the row ("Edit Shelf") so a screen reader knows which. */
export function EditDeleteButtons<Row extends Named>({ row, list, children }: { row: Row; list: EditableList<Row>; children?: ReactNode }) {
  return (
    <>
      {children}
      <Button variant="secondary" aria-label={`Edit ${row.name}`} onClick={() => list.edit(row)}>
        Edit
      </Button>
      <Button variant="danger" aria-label={`Delete ${row.name}`} disabled={list.deleting(row)} onClick={() => list.remove(row)}>
        Delete
      </Button>
    </>
  );
}
