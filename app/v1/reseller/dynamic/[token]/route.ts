import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { receiveDynamicDelivery } from "@/lib/reseller/receiver";

/** The signed dynamic-delivery receiver: no Bearer auth, plain-text answers; it reads the raw body itself. */
export const POST = publicRoute({ params: z.object({ token: z.string() }) }, ({ db, request, params }) =>
  receiveDynamicDelivery(db, request, params.token),
);
