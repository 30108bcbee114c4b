import { sellerRoute } from "@/lib/api/route";
import { notificationSettingsSchema } from "@/lib/notifications/schemas";
import { readSettings, updateSettings } from "@/lib/notifications/settings";

export const GET = sellerRoute({ permission: "settings:read" }, async ({ db, caller }) => ({
  settings: await readSettings(db, caller.shop.id),
}));

export const POST = sellerRoute({ permission: "settings:write", body: notificationSettingsSchema }, async ({ db, caller, body }) =>
  updateSettings(db, caller.shop.id, body, caller.audit),
);
