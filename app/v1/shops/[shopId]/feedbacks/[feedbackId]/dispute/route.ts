import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { disputeFeedback } from "@/lib/feedback/feedback";
import { disputeFeedbackBody } from "@/lib/feedback/schemas";

/** The seller contests an unfair rating: the feedback leaves the products' averages while disputed. */
export const POST = sellerRoute(
  { permission: "feedback:write", params: idParams("feedbackId", "Feedback"), body: disputeFeedbackBody },
  ({ db, caller, params, body }) => disputeFeedback(db, caller.shop.id, params.feedbackId, body),
);
