import { created, sellerRoute } from "@/lib/api/route";
import { createCustomField, listCustomFields } from "@/lib/custom-fields/custom-fields";
import { customFieldSchema } from "@/lib/custom-fields/schemas";

export const GET = sellerRoute({ permission: "catalog:read" }, async ({ db, caller }) => listCustomFields(db, caller.shop.id));

export const POST = sellerRoute({ permission: "catalog:write", body: customFieldSchema }, async ({ db, caller, body }) =>
  created(await createCustomField(db, caller.shop.id, body)),
);
