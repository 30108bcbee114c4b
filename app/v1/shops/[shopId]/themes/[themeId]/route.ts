import { sellerRoute } from "@/lib/api/route";
import { themeParams } from "@/lib/themes/params";
import { updateThemeSchema } from "@/lib/themes/schemas";
import { deleteTheme, getTheme, updateTheme } from "@/lib/themes/themes";

export const GET = sellerRoute({ permission: "catalog:read", params: themeParams }, async ({ db, caller, params }) =>
  getTheme(db, caller.shop.id, params.themeId),
);

export const PUT = sellerRoute(
  { permission: "catalog:write", params: themeParams, body: updateThemeSchema },
  async ({ db, caller, params, body }) => updateTheme(db, caller.shop.id, params.themeId, body),
);

export const DELETE = sellerRoute({ permission: "catalog:write", params: themeParams }, async ({ db, caller, params }) =>
  deleteTheme(db, caller.shop.id, params.themeId),
);
