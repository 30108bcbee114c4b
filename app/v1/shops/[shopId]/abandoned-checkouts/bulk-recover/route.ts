import { sellerRoute } from "@/lib/api/route";
import { bulkRecoverCheckouts } from "@/lib/checkouts/recover";
import { bulkRecoverBody } from "@/lib/checkouts/schemas";

export const POST = sellerRoute({ permission: "invoices:write", body: bulkRecoverBody }, async ({ db, caller, body }) =>
  bulkRecoverCheckouts(db, caller.shop, body),
);
