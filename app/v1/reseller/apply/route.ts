import { created, publicRoute } from "@/lib/api/route";
import { applyToResell } from "@/lib/reseller/apply";
import { applySchema } from "@/lib/reseller/schemas";

/** 201: a pending reseller of the shop; the seller approves it in the dashboard. */
export const POST = publicRoute({ body: applySchema }, async ({ db, request, body }) => created(await applyToResell(db, request, body)));
