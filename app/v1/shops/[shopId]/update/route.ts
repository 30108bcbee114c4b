import { sellerRoute } from "@/lib/api/route";
import { updateShop } from "@/lib/shops/manage";
import { updateShopBody } from "@/lib/shops/schemas";

/** The shop's name, subdomain, description, images, links and ids; absent fields keep their value, null clears. */
export const PUT = sellerRoute({ permission: "settings:write", body: updateShopBody }, ({ db, caller, body }) =>
  updateShop(db, caller.shop.id, caller.shop.role, body, caller.audit),
);
