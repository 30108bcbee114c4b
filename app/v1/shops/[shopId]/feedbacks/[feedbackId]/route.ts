import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { getFeedback } from "@/lib/feedback/feedback";

export const GET = sellerRoute({ permission: "feedback:read", params: idParams("feedbackId", "Feedback") }, ({ db, caller, params }) =>
  getFeedback(db, caller.shop.id, params.feedbackId),
);
