import { sellerRoute } from "@/lib/api/route";
import { roleAllows } from "@/lib/members/permissions";
import { getShop } from "@/lib/shops/queries";

/** The spec's Shop: its secrets in the clear for an API key of an owner or admin only (`secrets:read`). */
export const GET = sellerRoute({ permission: "shop:read" }, ({ db, caller }) =>
  getShop(
    db,
    caller.shop.id,
    caller.shop.role,
    caller.user.credential === "api_key" && roleAllows(caller.shop.role, "secrets:read") ? "reveal" : "withhold",
  ),
);
