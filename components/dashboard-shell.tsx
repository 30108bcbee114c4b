"use client";
import Link from "next/link";
import { useParams, usePathname, useRouter } from "next/navigation";
import { useCallback, useState, type ReactNode } from "react";
import { useLogout, useShops, type Me } from "@/lib/client/hooks/account";
import { DashboardSidebar } from "./dashboard-sidebar";
import { NotificationBell } from "./notifications/bell";

/**
 * The frame of every dashboard page: the header (shop switcher, the Menu
 * button below `lg`, notifications, account, sign out), the sections'
 * sidebar and the page.
 */
export function DashboardShell({ me, children }: { me: Me; children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useParams<{ shopId?: string }>();
  const shops = useShops();
  const logout = useLogout();
  const shopId = params.shopId ?? (shops.data?.[0] ? String(shops.data[0].id) : undefined);
  // Below `lg` the sections fold into a menu, which closes when a section is picked.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  const switchShop = (id: string) => {
    const rest = params.shopId ? pathname.replace(`/dashboard/${params.shopId}`, "") : "";
    router.push(`/dashboard/${id}${rest}`);
  };

  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3">
          <Link href="/dashboard" className="text-lg font-semibold text-blue-700">
            Shopdesk
          </Link>
          <label className="sr-only" htmlFor="shop-switcher">
            Shop
          </label>
          <select
            id="shop-switcher"
            className="min-h-9 rounded-md border border-slate-300 bg-white px-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            value={shopId ?? ""}
            onChange={(event) => switchShop(event.target.value)}
            disabled={!shops.data}
          >
            {shops.data?.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            )) ?? <option value="">Loading shops…</option>}
          </select>
          <Link
            href="/dashboard/new-shop"
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            aria-current={pathname === "/dashboard/new-shop" ? "page" : undefined}
          >
            New shop
          </Link>
          {shopId ? (
            <button
              type="button"
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="dashboard-sections"
              onClick={() => setMenuOpen((open) => !open)}
            >
              Menu
            </button>
          ) : null}
          <div className="ml-auto flex min-w-0 items-center gap-2 text-sm">
            {shopId ? <NotificationBell shopId={shopId} /> : null}
            <Link
              href="/dashboard/account"
              className="max-w-40 truncate rounded px-2 py-1 text-slate-600 hover:bg-slate-100 sm:max-w-none"
              aria-current={pathname === "/dashboard/account" ? "page" : undefined}
            >
              {me.user.email}
            </Link>
            <button
              type="button"
              className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              onClick={() => logout.mutate(undefined, { onSuccess: () => router.replace("/login") })}
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 lg:flex-row">
        {shopId ? (
          <DashboardSidebar
            shopId={shopId}
            role={shops.data?.find((shop) => String(shop.id) === shopId)?.role}
            open={menuOpen}
            onPick={closeMenu}
          />
        ) : null}
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </div>
  );
}
