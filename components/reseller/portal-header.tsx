"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useResellerLogout, type PortalProfile } from "@/lib/client/hooks/reseller";

const SECTIONS = [
  { href: "/reseller", label: "Catalog" },
  { href: "/reseller/orders", label: "Orders" },
  { href: "/reseller/balance", label: "Balance & tier" },
  { href: "/reseller/developer", label: "Developer" },
  { href: "/reseller/account", label: "Account" },
];

const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-white";

/** The portal's own header: dark emerald, the supplying shop's name, the portal's sections, sign out. */
export function PortalHeader({ profile }: { profile: PortalProfile }) {
  const pathname = usePathname();
  const router = useRouter();
  const logout = useResellerLogout();

  return (
    <header className="bg-emerald-900 text-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link href="/reseller" className={`rounded leading-tight ${focus}`}>
          <span className="block text-lg font-semibold">Reseller portal</span>
          <span className="block text-xs text-emerald-200">Supplier: {profile.reseller.shop.name}</span>
        </Link>
        <nav
          className="order-last -mx-1 flex w-full gap-1 overflow-x-auto text-sm sm:order-none sm:mx-0 sm:w-auto sm:flex-1"
          aria-label="Portal sections"
        >
          {SECTIONS.map((section) => {
            const active = section.href === "/reseller" ? pathname === "/reseller" : pathname.startsWith(section.href);
            return (
              <Link
                key={section.href}
                href={section.href}
                aria-current={active ? "page" : undefined}
                className={`shrink-0 rounded px-2 py-1 ${focus} ${active ? "bg-emerald-700 text-white" : "text-emerald-100 hover:bg-emerald-800"}`}
              >
                {section.label}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2 text-sm">
          <span className="max-w-44 truncate text-emerald-100 sm:max-w-none" title={profile.user.email}>
            {profile.user.email}
          </span>
          <button
            type="button"
            className={`rounded px-2 py-1 text-emerald-100 hover:bg-emerald-800 ${focus}`}
            disabled={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSuccess: () => router.replace("/reseller/login") })}
          >
            Sign out
          </button>
        </div>
      </div>
    </header>
  );
}
