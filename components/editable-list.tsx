"use client";
import type { UseMutationResult } from "@tanstack/react-query";
import { useParams } from "next/navigation";
import { useState, type ComponentType, type ReactNode } from "react";
import { Button } from "./button";
import { PageHeading } from "./page-heading";
import { OutcomeNotice, QueryView, type Outcome } from "./query-view";

type Named = { id: number; name: string };

/** What every create/edit form of a list edited in place takes: no `record`, it creates. */
export type EditorProps<Row> = { shopId: string; record?: Row; onSaved: (saved: Row) => void; onCancel?: () => void };

/**
 * A list edited in place (groups, custom fields, themes), said once beside
 * its form: its page's words, its hooks and the form.
 */
export type EditableArea<Row extends Named> = {
  /** The page's title, "Groups"; the messages start with `noun`: "Group “Shelf” created." */
  title: string;
  noun: string;
  description: string;
  /** The question before a delete, naming what goes with it. */
  confirmDelete: (row: Row) => string;
  useList: (shopId: string) => { data: Row[] | undefined; error: Error | null };
  useDelete: (shopId: string) => UseMutationResult<unknown, Error, number>;
  Form: ComponentType<EditorProps<Row>>;
};

/**
 * The state of a list edited in place: the rows, the record in the form
 * above them (none: the form creates), the outcome of the last save or
 * delete, and the delete with its confirmation.
 */
export function useEditableList<Row extends Named>(area: EditableArea<Row>) {
  const { shopId } = useParams<{ shopId: string }>();
  const query = area.useList(shopId);
  const remove = area.useDelete(shopId);
  const [editing, setEditing] = useState<Row | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  return {
    area,
    shopId,
    query,
    editing,
    outcome,
    /** The form's props; its `key` is the record's, so picking another row starts a new form. */
    form: {
      key: editing?.id ?? "new",
      shopId,
      record: editing ?? undefined,
      onCancel: editing ? () => setEditing(null) : undefined,
      onSaved: (saved: Row) => {
        setOutcome({ ok: true, text: `${area.noun} “${saved.name}” ${editing ? "saved" : "created"}.` });
        setEditing(null);
      },
    },
    edit: (row: Row) => {
      setOutcome(null);
      setEditing(row);
    },
    remove: (row: Row) => {
      if (!window.confirm(area.confirmDelete(row))) return;
      setOutcome(null);
      remove.mutate(row.id, {
        onSuccess: () => {
          setEditing((current) => (current?.id === row.id ? null : current));
          setOutcome({ ok: true, text: `${area.noun} “${row.name}” deleted.` });
        },
        onError: (error) => setOutcome({ ok: false, text: error.message }),
      });
    },
    deleting: (row: Row) => remove.isPending && remove.variables === row.id,
  };
}

export type EditableList<Row extends Named> = ReturnType<typeof useEditableList<Row>>;

/** The page of a list edited in place: heading, the form, the last outcome, then the rows in their loading, error and empty states. */
export function EditableListPage<Row extends Named>({
  list,
  height = "h-64",
  children,
}: {
  list: EditableList<Row>;
  height?: string;
  children: (rows: Row[]) => ReactNode;
}) {
  const { area, form } = list;
  const { key, ...props } = form;
  const plural = area.title.toLowerCase();
  return (
    <section className="space-y-4">
      <PageHeading title={area.title} description={area.description} />
      <area.Form key={key} {...props} />
      <OutcomeNotice outcome={list.outcome} />
      <QueryView query={list.query} loading={`Loading ${plural}`} height={height} empty={`No ${plural} yet. Create one above.`}>
        {children}
      </QueryView>
    </section>
  );
}

/**
 * A row's Edit and Delete, named after the row ("Edit Shelf") so a screen
 * reader knows which; Delete asks `confirm` first. `children` go first.
 */
export function RowButtons({
  name,
  busy,
  confirm,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  busy: boolean;
  confirm?: string;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      {children}
      <Button variant="secondary" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button
        variant="danger"
        aria-label={`Delete ${name}`}
        disabled={busy}
        onClick={() => (!confirm || window.confirm(confirm)) && onDelete()}
      >
        Delete
      </Button>
    </>
  );
}

/** `RowButtons` of a list edited in place (its delete confirms with the area's question). */
export function EditDeleteButtons<Row extends Named>({ row, list, children }: { row: Row; list: EditableList<Row>; children?: ReactNode }) {
  return (
    <RowButtons name={row.name} busy={list.deleting(row)} onEdit={() => list.edit(row)} onDelete={() => list.remove(row)}>
      {children}
    </RowButtons>
  );
}
