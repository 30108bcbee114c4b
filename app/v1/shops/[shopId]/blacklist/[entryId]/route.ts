import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { deleteBlacklistEntry, getBlacklistEntry } from "@/lib/blacklist/entries";

const params = idParams("entryId", "Blacklist entry");

export const GET = sellerRoute({ permission: "settings:read", params }, async ({ db, caller, params }) =>
  getBlacklistEntry(db, caller.shop.id, params.entryId),
);

export const DELETE = sellerRoute({ permission: "settings:write", params }, async ({ db, caller, params }) =>
  deleteBlacklistEntry(db, caller.shop.id, params.entryId),
);
