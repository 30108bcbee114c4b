import { sellerEnvelope } from "@/lib/api/pagination";
import { sellerRoute } from "@/lib/api/route";
import { listAbandonedCheckouts } from "@/lib/abandoned-checkouts/list";
import { listAbandonedCheckoutsQuery } from "@/lib/abandoned-checkouts/schemas";

export const GET = sellerRoute(
  { permission: "invoices:read", query: listAbandonedCheckoutsQuery },
  async ({ request, db, caller, query }) => {
    const { data, total } = await listAbandonedCheckouts(db, caller.shop.id, query);
    return sellerEnvelope(request, query, data, total);
  },
);
