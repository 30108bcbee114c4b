import { sellerEnvelope } from "@/lib/api/pagination";
import { sellerRoute } from "@/lib/api/route";
import { listFeedbacks } from "@/lib/feedback/feedback";
import { listFeedbacksQuery } from "@/lib/feedback/schemas";

export const GET = sellerRoute({ permission: "feedback:read", query: listFeedbacksQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listFeedbacks(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});
