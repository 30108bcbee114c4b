import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { replyToFeedback } from "@/lib/feedback/feedback";
import { replyFeedbackBody } from "@/lib/feedback/schemas";

export const POST = sellerRoute(
  { permission: "feedback:write", params: idParams("feedbackId", "Feedback"), body: replyFeedbackBody },
  ({ db, caller, params, body }) => replyToFeedback(db, caller.shop.id, params.feedbackId, body),
);
