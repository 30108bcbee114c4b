import { sellerRoute } from "@/lib/api/route";
import { publicUser } from "@/lib/auth/login";

export const GET = sellerRoute({}, async ({ caller }) => ({ user: publicUser(caller.user) }));
