import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { updateBlacklistEntry } from "@/lib/blacklist/entries";
import { updateBlacklistEntrySchema } from "@/lib/blacklist/schemas";

const params = idParams("entryId", "Blacklist entry");

export const PUT = sellerRoute(
  { permission: "settings:write", params, body: updateBlacklistEntrySchema },
  async ({ db, caller, params, body }) => updateBlacklistEntry(db, caller.shop.id, params.entryId, body),
);
