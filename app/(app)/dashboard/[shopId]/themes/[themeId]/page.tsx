"use client";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import { ThemeEditor } from "@/components/themes/theme-editor";
import { useShops } from "@/lib/client/hooks/account";
import { useActivateTheme, useTheme } from "@/lib/client/hooks/themes";

/** One theme's storefront settings with a live preview, and the action that makes it the storefront's look. */
export default function ThemeDesignPage() {
  const { shopId, themeId } = useParams<{ shopId: string; themeId: string }>();
  const theme = useTheme(shopId, themeId);
  const shop = useShops().data?.find((candidate) => String(candidate.id) === shopId);
  const activate = useActivateTheme(shopId);
  const [status, setStatus] = useState<string | null>(null);

  if (theme.error) return <ErrorNotice>{theme.error.message}</ErrorNotice>;
  if (!theme.data) return <Skeleton label="Loading theme" className="h-[36rem]" />;
  const data = theme.data;

  const onActivate = () => {
    setStatus(null);
    activate.mutate(data.id, { onSuccess: (saved) => setStatus(`“${saved.name}” is now the storefront's theme.`) });
  };

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link href={`/dashboard/${shopId}/themes`} className="text-sm text-blue-700 underline">
            ← Themes
          </Link>
          <h1 className="text-2xl font-semibold wrap-anywhere">Design “{data.name}”</h1>
          <p className="mt-1 text-sm text-slate-600">
            {data.active ? "Active: the storefront shows this theme." : "Not active: the storefront shows another theme."}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {shop ? (
            <a href={`/s/${encodeURIComponent(shop.subdomain)}`} target="_blank" rel="noopener" className="text-sm text-blue-700 underline">
              View storefront
            </a>
          ) : null}
          <Button onClick={onActivate} disabled={data.active || activate.isPending}>
            {data.active ? "Active" : activate.isPending ? "Activating…" : "Activate"}
          </Button>
        </div>
      </div>
      <div aria-live="polite">
        {activate.error ? <ErrorNotice>{activate.error.message}</ErrorNotice> : status ? <StatusNotice>{status}</StatusNotice> : null}
      </div>
      <ThemeEditor
        key={data.id}
        shopId={shopId}
        shopName={shop?.name ?? data.name}
        theme={data}
        onSaved={(saved) => setStatus(`Theme “${saved.name}” saved.`)}
      />
    </section>
  );
}
