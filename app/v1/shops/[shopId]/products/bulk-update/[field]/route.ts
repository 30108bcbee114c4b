import { sellerRoute } from "@/lib/api/route";
import { bulkUpdateProducts } from "@/lib/catalog/bulk-update";
import { bulkUpdateAnyBody, bulkUpdateParams } from "@/lib/catalog/schemas";

// The body is parsed by the field's own schema once the field is known (lib/catalog/schemas.ts bulkUpdateBodies).
export const PUT = sellerRoute(
  { permission: "catalog:write", params: bulkUpdateParams, body: bulkUpdateAnyBody },
  async ({ db, caller, params, body }) => bulkUpdateProducts(db, caller.shop.id, params.field, body, caller.audit),
);
