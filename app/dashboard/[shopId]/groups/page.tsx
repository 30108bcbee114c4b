"use client";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { ErrorNotice, StatusNotice } from "@/components/notice";
import { GroupForm } from "@/components/groups/group-form";
import { useDeleteGroup, useGroups, type Group } from "@/lib/client/hooks/groups";

export default function GroupsPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const groups = useGroups(shopId);
  const remove = useDeleteGroup(shopId);
  const [editing, setEditing] = useState<Group | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const onDelete = (group: Group) => {
    if (!window.confirm(`Delete the group “${group.name}”? Its products stay in the catalog without a group.`)) return;
    setStatus(null);
    remove.mutate(group.id, {
      onSuccess: () => {
        if (editing?.id === group.id) setEditing(null);
        setStatus(`Group “${group.name}” deleted.`);
      },
    });
  };

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Groups</h1>
        <p className="mt-1 text-sm text-slate-500">Groups gather products on the storefront. A product is in at most one group.</p>
      </div>

      <GroupForm
        key={editing?.id ?? "new"}
        shopId={shopId}
        group={editing ?? undefined}
        onCancel={editing ? () => setEditing(null) : undefined}
        onSaved={(saved) => {
          setStatus(editing ? `Group “${saved.name}” saved.` : `Group “${saved.name}” created.`);
          setEditing(null);
        }}
      />

      <div aria-live="polite">
        {remove.error ? <ErrorNotice>{remove.error.message}</ErrorNotice> : status ? <StatusNotice>{status}</StatusNotice> : null}
      </div>

      {groups.error ? (
        <ErrorNotice>{groups.error.message}</ErrorNotice>
      ) : !groups.data ? (
        <div className="h-64 animate-pulse rounded-lg border border-slate-200 bg-white" aria-label="Loading groups" />
      ) : groups.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
          No groups yet. Create one above.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Groups">
          {groups.data.map((group) => (
            <li key={group.id} className="rounded-lg border border-slate-200 bg-white p-4" aria-label={group.name}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="wrap-anywhere font-medium">{group.name}</h2>
                  <p className="text-sm text-slate-500">
                    {group.visibility} · <span data-testid="products-count">{group.products_count}</span>{" "}
                    {group.products_count === 1 ? "product" : "products"}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" aria-label={`Edit ${group.name}`} onClick={() => (setStatus(null), setEditing(group))}>
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    aria-label={`Delete ${group.name}`}
                    disabled={remove.isPending && remove.variables === group.id}
                    onClick={() => onDelete(group)}
                  >
                    Delete
                  </Button>
                </div>
              </div>
              {group.products.length ? (
                <ul className="mt-2 flex flex-wrap gap-2 text-sm">
                  {group.products.map((product) => (
                    <li key={product.id} className="min-w-0 max-w-full">
                      <Link
                        href={`/dashboard/${shopId}/products/${product.id}`}
                        className="inline-block max-w-full truncate rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700 hover:bg-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                      >
                        {product.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
