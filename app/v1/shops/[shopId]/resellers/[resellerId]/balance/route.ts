import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { adjustBalance } from "@/lib/reseller/manage";
import { adjustBalanceSchema } from "@/lib/reseller/schemas";

/** `amount` (+ credit, - debit) with a `reason`; answers the reseller with its new balance. */
export const POST = sellerRoute(
  { permission: "resellers:write", params: idParams("resellerId", "Reseller"), body: adjustBalanceSchema },
  ({ db, caller, params, body }) => adjustBalance(db, caller.shop, params.resellerId, body, caller.audit),
);
