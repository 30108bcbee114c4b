import { sellerRoute } from "@/lib/api/route";
import { testBlacklistSchema } from "@/lib/blacklist/schemas";
import { testBlacklistValue } from "@/lib/blacklist/test-value";

/** Beyond the issue: the dashboard's "test a value against the rules". */
export const POST = sellerRoute({ permission: "settings:read", body: testBlacklistSchema }, async ({ db, caller, body }) =>
  testBlacklistValue(db, caller.shop.id, body),
);
