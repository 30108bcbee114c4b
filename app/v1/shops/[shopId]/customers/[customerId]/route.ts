import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { getCustomer } from "@/lib/customers/queries";
import { updateCustomerSchema } from "@/lib/customers/schemas";
import { deleteCustomer, updateCustomer } from "@/lib/customers/write";

const params = idParams("customerId", "Customer");

export const GET = sellerRoute({ permission: "customers:read", params }, async ({ db, caller, params }) =>
  getCustomer(db, caller.shop.id, params.customerId),
);

export const PUT = sellerRoute(
  { permission: "customers:write", params, body: updateCustomerSchema },
  async ({ db, caller, params, body }) => updateCustomer(db, caller.shop.id, params.customerId, body),
);

export const DELETE = sellerRoute({ permission: "customers:write", params }, async ({ db, caller, params }) =>
  deleteCustomer(db, caller.shop.id, params.customerId),
);
