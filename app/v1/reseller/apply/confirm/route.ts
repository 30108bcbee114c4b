import { created, publicRoute } from "@/lib/api/route";
import { confirmApplication } from "@/lib/reseller/apply";
import { confirmApplicationSchema } from "@/lib/reseller/schemas";

/** 201: the e-mailed link made the account and sent the application. */
export const POST = publicRoute({ body: confirmApplicationSchema, refuseCrossSite: true }, async ({ db, body }) =>
  created(await confirmApplication(db, body)),
);
