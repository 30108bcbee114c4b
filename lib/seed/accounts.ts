import { systemActor } from "../audit/context";
import { createSellerApiKey } from "../auth/api-keys";
import { hashPassword } from "../auth/passwords";
import type { SeedContext } from "./context";

export const DEMO_ACCOUNTS = {
  seller: { email: "seller@shopdesk.test", password: "seller-password", name: "Demo Seller" },
  otherSeller: { email: "other@shopdesk.test", password: "other-password", name: "Other Seller" },
  reseller: { email: "reseller@shopdesk.test", password: "reseller-password", name: "Demo Reseller" },
  pendingReseller: { email: "pending-reseller@shopdesk.test", password: "reseller-password", name: "Pending Reseller" },
  suspendedReseller: { email: "suspended-reseller@shopdesk.test", password: "reseller-password", name: "Suspended Reseller" },
} as const;

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** Creates the demo users; sellers get one API key each (returned in the clear once). */
export async function seedAccounts({ db }: SeedContext) {
  const users = {} as Record<DemoAccount, { id: number }>;
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS) as [DemoAccount, (typeof DEMO_ACCOUNTS)[DemoAccount]][]) {
    users[role] = await db.user.create({
      data: { email: account.email, name: account.name, password_hash: await hashPassword(account.password) },
    });
  }
  // made before the shops, so no shop's audit log records them
  const seed = systemActor("demo seed");
  const sellerKey = await createSellerApiKey(db, users.seller.id, { name: "Demo key", scope: "write" }, seed);
  const otherSellerKey = await createSellerApiKey(db, users.otherSeller.id, { name: "Demo key", scope: "write" }, seed);
  return { users, sellerKey: sellerKey.key, otherSellerKey: otherSellerKey.key };
}
