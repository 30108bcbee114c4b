import * as z from "@/lib/validation/zod";
import { requestText } from "@/lib/api/body";
import { isTextId } from "@/lib/api/params";
import { plainText, storedAnswer } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { receiveDynamicDelivery } from "@/lib/reseller/receiver";

/** A token that no reseller can have is an unknown token, which the receiver answers in plain text. */
const params = z.object({ token: z.string().transform((token) => (isTextId(token) ? token : null)) });

/**
 * The signed dynamic-delivery receiver: no Bearer auth, plain-text answers
 * (API-CONVENTIONS, "Dynamic delivery receiver"), even for a failure: the
 * reseller's shop shows the body to its customer, so no details. The raw
 * body is read through the one limited reader, when the receiver asks.
 */
export const POST = publicRoute({ params }, async ({ db, request, params }) => {
  const url = new URL(request.url);
  try {
    return storedAnswer(
      await receiveDynamicDelivery(db, {
        token: params.token,
        timestamp: request.headers.get("x-timestamp"),
        signature: request.headers.get("x-signature"),
        idempotencyKey: request.headers.get("idempotency-key"),
        productId: url.searchParams.get("product_id") ?? "",
        variantId: url.searchParams.get("variant_id") ?? "",
        rawBody: () => requestText(request),
      }),
    );
  } catch (error) {
    console.error("dynamic receiver failed", error);
    return plainText("Server Error", 500);
  }
});
