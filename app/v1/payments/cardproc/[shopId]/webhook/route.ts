import * as z from "@/lib/validation/zod";
import { publicRoute } from "@/lib/api/route";
import { receiveCardprocWebhook } from "@/lib/payments/cardproc-webhook";

/** A shop id that cannot exist is an unknown webhook, answered in plain text like the others. */
const params = z.object({ shopId: z.string().transform((id) => (/^\d{1,9}$/.test(id) ? Number(id) : null)) });

/** The card processor's signed events: no Bearer auth; it reads the raw body itself. */
export const POST = publicRoute({ params }, ({ db, request, params }) => receiveCardprocWebhook(db, request, params.shopId));
