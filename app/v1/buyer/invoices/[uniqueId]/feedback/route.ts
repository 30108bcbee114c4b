import { clientIp } from "@/lib/api/rate-limit";
import { created, publicRoute } from "@/lib/api/route";
import { buyerInvoiceActionParams } from "@/lib/checkout/schemas";
import { leaveFeedback } from "@/lib/feedback/feedback";
import { leaveFeedbackBody } from "@/lib/feedback/schemas";

/** The buyer rates their completed order: the invoice's unguessable id is their credential, as for its page. */
export const POST = publicRoute({ params: buyerInvoiceActionParams, body: leaveFeedbackBody }, async ({ request, db, params, body }) =>
  created(await leaveFeedback(db, params.uniqueId, body, clientIp(request))),
);
