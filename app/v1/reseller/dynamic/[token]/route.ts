import { z } from "zod";
import { isTextId } from "@/lib/api/params";
import { publicRoute } from "@/lib/api/route";
import { receiveDynamicDelivery } from "@/lib/reseller/receiver";

/** A token that no reseller can have is an unknown token, which the receiver answers in plain text. */
const params = z.object({ token: z.string().transform((token) => (isTextId(token) ? token : null)) });

/** The signed dynamic-delivery receiver: no Bearer auth, plain-text answers; it reads the raw body itself. */
export const POST = publicRoute({ params }, ({ db, request, params }) => receiveDynamicDelivery(db, request, params.token));
