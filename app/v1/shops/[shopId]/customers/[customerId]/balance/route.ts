import { idParams } from "@/lib/api/params";
import { sellerEnvelope } from "@/lib/api/pagination";
import { sellerRoute } from "@/lib/api/route";
import { changeCustomerBalance, listBalanceEntries } from "@/lib/customers/balance";
import { balanceChangeSchema, balanceEntriesQuery } from "@/lib/customers/schemas";

const params = idParams("customerId", "Customer");

/** The customer's store-credit ledger, newest first. */
export const GET = sellerRoute(
  { permission: "customers:read", params, query: balanceEntriesQuery },
  async ({ request, db, caller, params, query }) => {
    const { data, total } = await listBalanceEntries(db, caller.shop.id, params.customerId, query);
    return sellerEnvelope(request, query, data, total);
  },
);

/** `amount` (+ credit, - debit) with a `description`; answers the customer with the new balance. */
export const POST = sellerRoute({ permission: "customers:balance", params, body: balanceChangeSchema }, ({ db, caller, params, body }) =>
  changeCustomerBalance(db, caller.shop.id, params.customerId, body, caller.audit),
);
