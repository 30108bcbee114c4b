import { linkBase } from "@/lib/api/link-base";
import { created, sellerRoute } from "@/lib/api/route";
import { methodSettingsGuards } from "@/lib/payment-methods/guards";
import { createPaymentMethod, listPaymentMethods } from "@/lib/payment-methods/methods";
import { createPaymentMethodBody } from "@/lib/payment-methods/schemas";

export const GET = sellerRoute({ permission: "settings:read" }, ({ request, db, caller }) =>
  listPaymentMethods(db, caller.shop.id, linkBase(request)),
);

export const POST = sellerRoute(
  { permission: "payments:write", body: createPaymentMethodBody, ...methodSettingsGuards },
  async ({ request, db, caller, body }) => created(await createPaymentMethod(db, caller.shop.id, body, linkBase(request), caller.audit)),
);
