/**
 * What a member of a shop may do: the permissions routes declare (in their
 * wrapper, lib/api/route.ts) and the one table of what each role holds.
 * A permission ending in `:read` changes nothing, so a read-only API key
 * holds exactly those of its user's role (see keyAllows).
 */
export const PERMISSIONS = {
  "shop:read": "The shop, its numbers and its notifications (never its secrets).",
  "invoices:read": "Invoices, abandoned checkouts and subscriptions.",
  "invoices:deliver": "Deliver, replace and re-run deliveries, resend the buyer's e-mail, write dashboard notes.",
  "invoices:write":
    "Create invoices and checkouts; status changes, refunds, cancelling, archiving, shipping; recovery e-mails; subscriptions.",
  "customers:read": "Customers.",
  "customers:write": "Create, edit, ban and delete customers.",
  "customers:balance": "Credit and debit customers' store credit, and refund invoices to it (money the buyer can spend).",
  "catalog:read": "Products, groups, images, custom fields, deals, bundle offers, coupons and themes.",
  "catalog:write": "Change any of the catalog.",
  "secrets:read": "What gives power or goods once read: the processor's credentials, webhook URLs, unsold serials.",
  "settings:read": "Payment settings (with `*_set` flags only), notification settings, the blacklist.",
  "settings:write": "Notification settings, the blacklist, webhooks.",
  "notifications:write": "Mark notifications read.",
  "payments:write": "The gateways and the processor's credentials.",
  "payouts:write": "Where crypto payments are paid out (the BTC and LTC addresses).",
  "resellers:read": "Resellers, their balances and tiers.",
  "resellers:write": "Approve, suspend and credit resellers; rotate their credentials; tiers.",
  "exports:read": "CSV exports of invoices and customers.",
  "members:read": "The shop's members and pending invitations.",
  "members:manage": "Invite, change the role of and remove members; transfer ownership.",
  "shop:delete": "Delete (archive) the shop: the owner only, with the shop's name and the owner's password.",
  "feedback:read": "Buyers' feedback on their invoices.",
  "feedback:write": "Reply to feedback and dispute an unfair rating.",
  "tickets:read": "Support tickets and their messages.",
  "tickets:write": "Open, answer, close, reopen and archive support tickets; delete a message.",
  "blog:read": "The shop's blog posts, drafts included.",
  "blog:write": "Write, publish, unpublish and delete blog posts (published ones are on the storefront).",
  "audit:read": "The shop's audit log: who changed settings, credentials, members, keys, money and deliveries.",
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ROLES = ["owner", "admin", "support", "viewer"] as const;
export type Role = (typeof ROLES)[number];

const ALL = Object.keys(PERMISSIONS) as Permission[];
const READ_ONLY = ALL.filter(
  (permission) =>
    isReadPermission(permission) &&
    permission !== "secrets:read" &&
    permission !== "exports:read" &&
    permission !== "members:read" &&
    permission !== "audit:read",
);

/**
 * The one role -> permissions table. owner: everything. admin: everything
 * but members, payouts and deleting the shop. support:
 * invoices (read, deliver, replace, resend, notes), customers, feedback
 * and tickets, and reads the catalog and the blog; no
 * settings, payment credentials or exports. viewer: every read but secrets,
 * exports, members and the audit log (owner and admin read it).
 */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(ALL),
  admin: new Set(
    ALL.filter((permission) => permission !== "members:manage" && permission !== "payouts:write" && permission !== "shop:delete"),
  ),
  support: new Set<Permission>([
    "shop:read",
    "invoices:read",
    "invoices:deliver",
    "customers:read",
    "customers:write",
    "catalog:read",
    "blog:read",
    "notifications:write",
    "feedback:read",
    "feedback:write",
    "tickets:read",
    "tickets:write",
  ]),
  viewer: new Set(READ_ONLY),
};

export function isReadPermission(permission: Permission): boolean {
  return permission.endsWith(":read");
}

export function roleAllows(role: string, permission: Permission): boolean {
  return (ROLE_PERMISSIONS as Record<string, ReadonlySet<Permission>>)[role]?.has(permission) ?? false;
}

export type KeyScope = "read" | "write";

/** A read-only key holds only the reads of its user's role. */
export function keyAllows(scope: KeyScope, permission: Permission): boolean {
  return scope === "write" || isReadPermission(permission);
}

/** The roles that hold a permission, in the order of ROLES (for the OpenAPI document). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => ROLE_PERMISSIONS[role].has(permission));
}
