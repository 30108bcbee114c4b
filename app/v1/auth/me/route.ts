import { sellerRoute } from "@/lib/api/route";
import { publicUser } from "@/lib/auth/login";

export const GET = sellerRoute({ permission: "account" }, async ({ caller }) => ({ user: publicUser(caller.user) }));
