import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { listCustomers } from "@/lib/customers/queries";
import { createCustomerSchema, listCustomersQuery } from "@/lib/customers/schemas";
import { createCustomer } from "@/lib/customers/write";

export const GET = sellerRoute({ permission: "customers:read", query: listCustomersQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listCustomers(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});

export const POST = sellerRoute({ permission: "customers:write", body: createCustomerSchema }, async ({ db, caller, body }) =>
  created(await createCustomer(db, caller.shop.id, body)),
);
