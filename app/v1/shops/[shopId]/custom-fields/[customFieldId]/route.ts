import { sellerRoute } from "@/lib/api/route";
import { deleteCustomField, updateCustomField } from "@/lib/custom-fields/custom-fields";
import { customFieldParams } from "@/lib/custom-fields/params";
import { customFieldSchema } from "@/lib/custom-fields/schemas";

export const PUT = sellerRoute(
  { permission: "catalog:write", params: customFieldParams, body: customFieldSchema },
  async ({ db, caller, params, body }) => updateCustomField(db, caller.shop.id, params.customFieldId, body),
);

export const DELETE = sellerRoute({ permission: "catalog:write", params: customFieldParams }, async ({ db, caller, params }) =>
  deleteCustomField(db, caller.shop.id, params.customFieldId),
);
