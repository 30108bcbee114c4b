import { sellerRoute } from "@/lib/api/route";
import { bulkRecoverCheckouts } from "@/lib/abandoned-checkouts/recover";
import { bulkRecoverBody } from "@/lib/abandoned-checkouts/schemas";

export const POST = sellerRoute({ permission: "invoices:write", body: bulkRecoverBody }, async ({ db, caller, body }) =>
  bulkRecoverCheckouts(db, caller.shop, body),
);
