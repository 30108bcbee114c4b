import { sellerRoute } from "@/lib/api/route";
import { bulkBanCustomersSchema } from "@/lib/customers/schemas";
import { bulkBanCustomers } from "@/lib/customers/write";

export const PUT = sellerRoute({ permission: "customers:write", body: bulkBanCustomersSchema }, async ({ db, caller, body }) =>
  bulkBanCustomers(db, caller.shop.id, body),
);
