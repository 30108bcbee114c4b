import { linkBase } from "@/lib/api/link-base";
import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { togglePaymentMethod } from "@/lib/payment-methods/methods";

const params = idParams("paymentMethodId", "Payment method");

export const POST = sellerRoute({ permission: "payments:write", params }, ({ request, db, caller, params }) =>
  togglePaymentMethod(db, caller.shop.id, params.paymentMethodId, linkBase(request), caller.audit),
);
