"use client";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { ErrorNotice, StatusNotice } from "@/components/notice";
import { ThemeForm } from "@/components/themes/theme-form";
import { useDeleteTheme, useThemes, type Theme } from "@/lib/client/hooks/themes";

export default function ThemesPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const themes = useThemes(shopId);
  const remove = useDeleteTheme(shopId);
  const [editing, setEditing] = useState<Theme | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const onDelete = (theme: Theme) => {
    if (!window.confirm(`Delete the theme “${theme.name}”? A shop using it falls back to no theme.`)) return;
    setStatus(null);
    remove.mutate(theme.id, {
      onSuccess: () => {
        if (editing?.id === theme.id) setEditing(null);
        setStatus(`Theme “${theme.name}” deleted.`);
      },
    });
  };

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Themes</h1>
        <p className="mt-1 text-sm text-slate-500">Storefront looks of this shop.</p>
      </div>

      <ThemeForm
        key={editing?.id ?? "new"}
        shopId={shopId}
        theme={editing ?? undefined}
        onCancel={editing ? () => setEditing(null) : undefined}
        onSaved={(saved) => {
          setStatus(editing ? `Theme “${saved.name}” saved.` : `Theme “${saved.name}” created.`);
          setEditing(null);
        }}
      />

      <div aria-live="polite">
        {remove.error ? <ErrorNotice>{remove.error.message}</ErrorNotice> : status ? <StatusNotice>{status}</StatusNotice> : null}
      </div>

      {themes.error ? (
        <ErrorNotice>{themes.error.message}</ErrorNotice>
      ) : !themes.data ? (
        <div className="h-48 animate-pulse rounded-lg border border-slate-200 bg-white" aria-label="Loading themes" />
      ) : themes.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
          No themes yet. Create one above.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Themes">
          {themes.data.map((theme) => (
            <li key={theme.id} className="flex flex-col rounded-lg border border-slate-200 bg-white">
              {theme.image_url ? (
                // eslint-disable-next-line @next/next/no-img-element -- uploads are served as stored from /cdn with a year of cache; the optimizer would re-encode them
                <img src={theme.image_url} alt="" className="aspect-video w-full rounded-t-lg object-cover" />
              ) : (
                <div className="flex aspect-video w-full items-center justify-center rounded-t-lg bg-slate-100 text-sm text-slate-600">
                  No preview image
                </div>
              )}
              <div className="flex flex-1 flex-col gap-1 p-3">
                <h2 className="wrap-anywhere font-medium">{theme.name}</h2>
                <p className="text-xs text-slate-600">
                  {theme.active ? <strong className="text-green-800">Active · </strong> : null}
                  {theme.type} · version {theme.version} · {theme.settings.preset} preset
                </p>
                <p className="line-clamp-3 wrap-anywhere text-sm text-slate-600">{theme.description || "No description."}</p>
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  <Link
                    href={`/dashboard/${shopId}/themes/${theme.id}`}
                    aria-label={`Design ${theme.name}`}
                    className="inline-flex items-center rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white shadow-sm hover:bg-blue-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
                  >
                    Design
                  </Link>
                  <Button variant="secondary" aria-label={`Edit ${theme.name}`} onClick={() => (setStatus(null), setEditing(theme))}>
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    aria-label={`Delete ${theme.name}`}
                    disabled={remove.isPending && remove.variables === theme.id}
                    onClick={() => onDelete(theme)}
                  >
                    Delete
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
