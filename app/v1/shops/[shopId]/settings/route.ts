import { linkBase } from "@/lib/api/link-base";
import { sellerRoute } from "@/lib/api/route";
import { shopSettingsBody } from "@/lib/shops/schemas";
import { getShopSettings, updateShopSettings } from "@/lib/shops/settings";

export const GET = sellerRoute({}, ({ request, db, caller }) => getShopSettings(db, caller.shop.id, linkBase(request)));

export const PUT = sellerRoute({ body: shopSettingsBody }, ({ request, db, caller, body }) =>
  updateShopSettings(db, caller.shop.id, body, linkBase(request)),
);
