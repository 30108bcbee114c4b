"use client";
import Link from "next/link";
import { useParams, usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { useLogout, useShops, type Me } from "@/lib/client/hooks/account";
import { NotificationBell } from "./notifications/bell";

const SECTIONS = [
  { path: "", label: "Home" },
  { path: "/invoices", label: "Invoices" },
  { path: "/products", label: "Products" },
  { path: "/groups", label: "Groups" },
  { path: "/images", label: "Images" },
  { path: "/coupons", label: "Coupons" },
  { path: "/customers", label: "Customers" },
  { path: "/blacklist", label: "Blacklist" },
  { path: "/deals", label: "Deals & offers" },
  { path: "/checkouts", label: "Abandoned checkouts" },
  { path: "/subscriptions", label: "Subscriptions" },
  { path: "/custom-fields", label: "Custom fields" },
  { path: "/themes", label: "Themes" },
  { path: "/resellers", label: "Resellers" },
  { path: "/payments", label: "Payments" },
  { path: "/checkout-link", label: "Checkout link" },
  { path: "/webhooks", label: "Webhooks" },
  { path: "/members", label: "Team" },
];

/** The header of every dashboard page: shop switcher, sections, account, sign out. */
export function DashboardHeader({ me }: { me: Me }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useParams<{ shopId?: string }>();
  const shops = useShops();
  const logout = useLogout();
  const shopId = params.shopId ?? (shops.data?.[0] ? String(shops.data[0].id) : undefined);
  // Below `lg` the sections fold into a menu, which closes when a section is picked.
  const [menuOpen, setMenuOpen] = useState(false);

  const switchShop = (id: string) => {
    const rest = params.shopId ? pathname.replace(`/dashboard/${params.shopId}`, "") : "";
    router.push(`/dashboard/${id}${rest}`);
  };

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
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
        <nav
          id="dashboard-sections"
          className={`order-last -mx-1 w-full grid-cols-2 gap-1 text-sm lg:flex lg:flex-wrap ${menuOpen ? "grid" : "hidden"}`}
          aria-label="Sections"
        >
          {shopId
            ? SECTIONS.map((section) => {
                const href = `/dashboard/${shopId}${section.path}`;
                const active = section.path ? pathname.startsWith(href) : pathname === href;
                return (
                  <Link
                    key={section.path}
                    href={href}
                    aria-current={active ? "page" : undefined}
                    onClick={() => setMenuOpen(false)}
                    className={`shrink-0 rounded px-2 py-2 lg:py-1 ${active ? "bg-blue-50 text-blue-700" : "text-slate-600 hover:bg-slate-100"}`}
                  >
                    {section.label}
                  </Link>
                );
              })
            : null}
        </nav>
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
  );
}
