import { linkBase } from "@/lib/api/link-base";
import { sellerRoute } from "@/lib/api/route";
import { shopSettingsBody } from "@/lib/shops/schemas";
import { describeSensitiveSettings, getShopSettings, sensitiveSettingsIn, updateShopSettings } from "@/lib/shops/settings";

export const GET = sellerRoute({ permission: "settings:read" }, ({ request, db, caller }) =>
  getShopSettings(db, caller.shop.id, linkBase(request)),
);

/**
 * The payout addresses are the owner's alone (`payouts:write`): whoever sets them is paid. They and the
 * processor's credentials need a recent sign-in and are e-mailed to the owner.
 */
export const PUT = sellerRoute(
  {
    permission: "payments:write",
    body: shopSettingsBody,
    bodyPermission: (body) => (body.bitcoin_address !== undefined || body.litecoin_address !== undefined ? "payouts:write" : null),
    reauth: (body) => sensitiveSettingsIn(body).length > 0,
    notify: ({ body }) => describeSensitiveSettings(body),
  },
  ({ request, db, caller, body }) => updateShopSettings(db, caller.shop.id, body, linkBase(request), caller.audit),
);
