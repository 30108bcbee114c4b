"use client";
import Link from "next/link";
import { EditDeleteButtons, EditableListPage, useEditableList } from "@/components/editable-list";
import { GROUPS } from "@/components/groups/group-form";

export default function GroupsPage() {
  const list = useEditableList(GROUPS);
  const { shopId } = list;
  return (
    <EditableListPage list={list}>
      {(rows) => (
        <ul className="space-y-3" aria-label="Groups">
          {rows.map((group) => (
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
                  <EditDeleteButtons row={group} list={list} />
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
    </EditableListPage>
  );
}
