import { sellerRoute } from "@/lib/api/route";
import { twoFactorStatus } from "@/lib/auth/two-factor";

export const GET = sellerRoute({ permission: "account", sessionOnly: true }, ({ db, caller }) => twoFactorStatus(db, caller.user.id));
