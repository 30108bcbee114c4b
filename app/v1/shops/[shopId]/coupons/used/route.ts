import { sellerRoute } from "@/lib/api/route";
import { deleteUsedCoupons } from "@/lib/coupons/write";

export const DELETE = sellerRoute({ permission: "catalog:write" }, async ({ db, caller }) => deleteUsedCoupons(db, caller.shop.id));
