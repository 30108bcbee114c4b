import { sellerRoute } from "@/lib/api/route";
import { clientIp } from "@/lib/api/rate-limit";
import { roleAllows } from "@/lib/members/permissions";
import { getShop } from "@/lib/shops/queries";
import { deleteShop } from "@/lib/shops/manage";
import { deleteShopBody } from "@/lib/shops/schemas";

/** The spec's Shop: its secrets in the clear for an API key of an owner or admin only (`secrets:read`). */
export const GET = sellerRoute({ permission: "shop:read" }, ({ db, caller }) =>
  getShop(
    db,
    caller.shop.id,
    caller.shop.role,
    caller.user.credential === "api_key" && roleAllows(caller.shop.role, "secrets:read") ? "reveal" : "withhold",
  ),
);

/** Archives the shop (owner only, with its exact name and the owner's password); refused while invoices are pending. */
export const DELETE = sellerRoute(
  {
    permission: "shop:delete",
    body: deleteShopBody,
    notify: ({ body }) => `The shop "${String(body.name)}" was deleted (archived; its invoices are kept).`,
  },
  ({ db, caller, body, request }) => deleteShop(db, caller.user, clientIp(request), caller.shop, body, caller.audit),
);
