import { sellerRoute } from "@/lib/api/route";
import { themeParams } from "@/lib/themes/params";
import { activateTheme } from "@/lib/themes/themes";

export const POST = sellerRoute({ permission: "catalog:write", params: themeParams }, async ({ db, caller, params }) =>
  activateTheme(db, caller.shop.id, params.themeId, caller.audit),
);
