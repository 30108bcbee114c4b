import { sellerRoute } from "@/lib/api/route";
import { themeParams } from "@/lib/themes/params";
import { activateTheme } from "@/lib/themes/themes";

export const POST = sellerRoute({ params: themeParams }, async ({ db, caller, params }) =>
  activateTheme(db, caller.shop.id, params.themeId),
);
