import { sellerRoute } from "@/lib/api/route";
import { bulkTagCustomersSchema } from "@/lib/customers/schemas";
import { bulkTagCustomers } from "@/lib/customers/write";

export const PUT = sellerRoute({ permission: "customers:write", body: bulkTagCustomersSchema }, async ({ db, caller, body }) =>
  bulkTagCustomers(db, caller.shop.id, body),
);
