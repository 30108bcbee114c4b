import { created, sellerRoute } from "@/lib/api/route";
import { createThemeSchema } from "@/lib/themes/schemas";
import { createTheme, listThemes } from "@/lib/themes/themes";

export const GET = sellerRoute({ permission: "catalog:read" }, async ({ db, caller }) => listThemes(db, caller.shop.id));

export const POST = sellerRoute({ permission: "catalog:write", body: createThemeSchema }, async ({ db, caller, body }) =>
  created(await createTheme(db, caller.shop.id, body)),
);
