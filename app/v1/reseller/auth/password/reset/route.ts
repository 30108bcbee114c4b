import { publicRoute } from "@/lib/api/route";
import { resetPassword } from "@/lib/auth/password-reset";
import { resetPasswordSchema } from "@/lib/auth/schemas";

/** Sets the password with an e-mailed link's token; every session of the account ends. */
export const POST = publicRoute({ body: resetPasswordSchema, refuseCrossSite: true }, async ({ db, body }) => resetPassword(db, body));
