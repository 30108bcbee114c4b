import { linkBase } from "@/lib/api/link-base";
import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { methodSettingsGuards } from "@/lib/payment-methods/guards";
import { deletePaymentMethod, getPaymentMethod, updatePaymentMethod } from "@/lib/payment-methods/methods";
import { updatePaymentMethodBody } from "@/lib/payment-methods/schemas";

const params = idParams("paymentMethodId", "Payment method");

export const GET = sellerRoute({ permission: "settings:read", params }, ({ request, db, caller, params }) =>
  getPaymentMethod(db, caller.shop.id, params.paymentMethodId, linkBase(request)),
);

export const PUT = sellerRoute(
  { permission: "payments:write", params, body: updatePaymentMethodBody, ...methodSettingsGuards },
  ({ request, db, caller, params, body }) =>
    updatePaymentMethod(db, caller.shop.id, params.paymentMethodId, body, linkBase(request), caller.audit),
);

export const DELETE = sellerRoute({ permission: "payments:write", params }, ({ db, caller, params }) =>
  deletePaymentMethod(db, caller.shop.id, params.paymentMethodId, caller.audit),
);
