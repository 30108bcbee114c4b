"use client";
import Link from "next/link";
import { EditDeleteButtons, EditableListPage, useEditableList } from "@/components/editable-list";
import { THEMES } from "@/components/themes/theme-form";

export default function ThemesPage() {
  const list = useEditableList(THEMES);
  const { shopId } = list;
  return (
    <EditableListPage list={list}>
      {(rows) => (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Themes">
          {rows.map((theme) => (
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
                  <EditDeleteButtons row={theme} list={list}>
                    <Link
                      href={`/dashboard/${shopId}/themes/${theme.id}`}
                      aria-label={`Design ${theme.name}`}
                      className="inline-flex items-center rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white shadow-sm hover:bg-blue-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
                    >
                      Design
                    </Link>
                  </EditDeleteButtons>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </EditableListPage>
  );
}
