import { sellerRoute } from "@/lib/api/route";
import { abandonedCheckoutStats } from "@/lib/abandoned-checkouts/stats";

export const GET = sellerRoute({ permission: "invoices:read" }, async ({ db, caller }) => abandonedCheckoutStats(db, caller.shop.id));
