import type { Operation } from "../operation";
import {
  buyerFeedbackView,
  disputeFeedbackBody,
  feedbackPage,
  feedbackView,
  leaveFeedbackBody,
  listFeedbacksQuery,
  replyFeedbackBody,
} from "../../feedback/schemas";

const tag = "Feedback";
const feedbacks = "/v1/shops/{shopId}/feedbacks";
const one = `${feedbacks}/{feedbackId}`;

export const feedbackOperations: Operation[] = [
  {
    operationId: "leaveFeedback",
    method: "post",
    path: "/v1/buyer/invoices/{uniqueId}/feedback",
    summary: "The buyer rates their order (public, by the invoice's unguessable unique_id)",
    description:
      "Once per completed invoice, within the shop's `feedback_window_days` of its completion (0: the shop takes no feedback); " +
      "otherwise 422 on `status`. A rating that reaches a product's `feedback_coupon_min_rating` is answered with its " +
      "`feedback_coupon`'s code, also e-mailed to the buyer. Limited per client address (429).",
    tag,
    auth: "none",
    body: leaveFeedbackBody,
    response: { status: 201, description: "The feedback as the buyer sees it.", schema: buyerFeedbackView },
    errors: ["RecordNotFound", "TooManyAttempts"],
  },
  {
    operationId: "listFeedbacks",
    method: "get",
    path: feedbacks,
    summary: "List the shop's feedback (newest first)",
    tag,
    auth: "seller",
    permission: "feedback:read",
    query: listFeedbacksQuery,
    response: { description: "Seller paginated envelope of feedback.", schema: feedbackPage },
  },
  {
    operationId: "getFeedback",
    method: "get",
    path: one,
    summary: "Get one feedback",
    tag,
    auth: "seller",
    permission: "feedback:read",
    response: { description: "The feedback.", schema: feedbackView },
  },
  {
    operationId: "replyToFeedback",
    method: "post",
    path: `${one}/reply`,
    summary: "Reply to a feedback (the buyer sees it on the order's page; a later reply replaces it)",
    tag,
    auth: "seller",
    permission: "feedback:write",
    body: replyFeedbackBody,
    response: { description: "The feedback.", schema: feedbackView },
  },
  {
    operationId: "disputeFeedback",
    method: "post",
    path: `${one}/dispute`,
    summary: "Contest an unfair rating: it leaves the products' average ratings",
    description: "A feedback already disputed is 422 on `status`.",
    tag,
    auth: "seller",
    permission: "feedback:write",
    body: disputeFeedbackBody,
    response: { description: "The feedback.", schema: feedbackView },
  },
];
