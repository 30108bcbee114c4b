import { linkBase } from "@/lib/api/link-base";
import { sellerRoute } from "@/lib/api/route";
import { orderPaymentMethods } from "@/lib/payment-methods/methods";
import { orderPaymentMethodsBody } from "@/lib/payment-methods/schemas";

export const PUT = sellerRoute({ permission: "payments:write", body: orderPaymentMethodsBody }, ({ request, db, caller, body }) =>
  orderPaymentMethods(db, caller.shop.id, body, linkBase(request), caller.audit),
);
