import { resellerRoute } from "@/lib/api/route";
import { testDeliverySchema } from "@/lib/reseller/schemas";
import { sendTestDelivery } from "@/lib/reseller/test-delivery";

/** `{url, status, body}`: the receiver's answer to a correctly signed request. */
export const POST = resellerRoute({ body: testDeliverySchema }, ({ db, caller, body }) => sendTestDelivery(db, caller, body));
