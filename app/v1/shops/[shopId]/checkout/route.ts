import { linkBase } from "@/lib/api/link-base";
import { created, sellerRoute } from "@/lib/api/route";
import { createCheckout } from "@/lib/checkout/create";
import { checkoutBody } from "@/lib/checkout/schemas";

export const POST = sellerRoute({ permission: "invoices:write", body: checkoutBody }, async ({ request, db, caller, body }) =>
  created(await createCheckout(db, caller.shop.id, body, linkBase(request))),
);
