"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { roleAllows, type Permission } from "@/lib/members/permissions";

/**
 * The dashboard's areas, grouped as a seller thinks of them; the paths are
 * under `/dashboard/{shopId}`. A link with a `permission` shows only to the
 * roles that hold it (the API refuses the others anyway).
 */
export const SECTION_GROUPS: { heading?: string; links: { path: string; label: string; permission?: Permission }[] }[] = [
  { links: [{ path: "", label: "Home" }] },
  {
    heading: "Sales",
    links: [
      { path: "/invoices", label: "Invoices" },
      { path: "/subscriptions", label: "Subscriptions" },
      { path: "/checkouts", label: "Abandoned checkouts" },
    ],
  },
  {
    heading: "Catalog",
    links: [
      { path: "/products", label: "Products" },
      { path: "/groups", label: "Groups" },
      { path: "/images", label: "Images" },
      { path: "/custom-fields", label: "Custom fields" },
    ],
  },
  {
    heading: "Marketing",
    links: [
      { path: "/coupons", label: "Coupons" },
      { path: "/deals", label: "Deals & offers" },
      { path: "/resellers", label: "Resellers" },
      { path: "/blog", label: "Blog", permission: "blog:read" },
    ],
  },
  {
    heading: "Customers",
    links: [
      { path: "/customers", label: "Customers" },
      { path: "/tickets", label: "Support tickets", permission: "tickets:read" },
      { path: "/feedback", label: "Feedback", permission: "feedback:read" },
      { path: "/blacklist", label: "Blacklist" },
    ],
  },
  {
    heading: "Developers",
    links: [
      { path: "/webhooks", label: "Webhooks" },
      { path: "/checkout-link", label: "Checkout link" },
    ],
  },
  {
    heading: "Settings",
    links: [
      { path: "/shop", label: "Shop", permission: "settings:write" },
      { path: "/payments", label: "Payments" },
      { path: "/themes", label: "Themes" },
      { path: "/notifications", label: "Notifications" },
      { path: "/members", label: "Team" },
      { path: "/audit-log", label: "Audit log", permission: "audit:read" },
    ],
  },
];

/**
 * The sections of a shop as a sidebar (as dub's and formbricks' dashboards
 * have it): a heading per area, the current page marked `aria-current`.
 * From `lg` it stands left of the page; below, it is the panel the header's
 * Menu button opens (`open`), and a pick closes it (`onPick`).
 */
export function DashboardSidebar({
  shopId,
  role,
  open,
  onPick,
}: {
  shopId: string;
  /** The caller's role in the shop; undefined while the shop list loads (links that need a permission wait). */
  role: string | undefined;
  open: boolean;
  onPick: () => void;
}) {
  const pathname = usePathname();
  return (
    <nav
      id="dashboard-sections"
      aria-label="Sections"
      className={`${open ? "grid" : "hidden"} grid-cols-2 gap-x-3 gap-y-4 rounded-lg border border-slate-200 bg-white p-3 text-sm lg:sticky lg:top-4 lg:block lg:w-52 lg:shrink-0 lg:space-y-4 lg:self-start lg:border-0 lg:bg-transparent lg:p-0`}
    >
      {SECTION_GROUPS.map((group, index) => {
        const id = `sections-${index}`;
        return (
          <div key={id} className={group.heading ? undefined : "col-span-2"}>
            {group.heading ? (
              <h2 id={id} className="px-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {group.heading}
              </h2>
            ) : null}
            <ul aria-labelledby={group.heading ? id : undefined} className="space-y-0.5">
              {group.links
                .filter((link) => !link.permission || (role !== undefined && roleAllows(role, link.permission)))
                .map((link) => {
                  const href = `/dashboard/${shopId}${link.path}`;
                  const active = link.path ? pathname.startsWith(href) : pathname === href;
                  return (
                    <li key={link.path}>
                      <Link
                        href={href}
                        aria-current={active ? "page" : undefined}
                        onClick={onPick}
                        className={`block rounded px-2 py-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 lg:py-1.5 ${active ? "bg-blue-50 font-medium text-blue-700" : "text-slate-700 hover:bg-slate-100"}`}
                      >
                        {link.label}
                      </Link>
                    </li>
                  );
                })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
