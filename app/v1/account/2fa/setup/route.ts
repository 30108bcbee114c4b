import { sellerRoute } from "@/lib/api/route";
import { setupTwoFactor } from "@/lib/auth/two-factor";

/** A recent sign-in first: a stolen session must not tie the account to the thief's phone. */
export const POST = sellerRoute({ permission: "account", sessionOnly: true, reauth: true }, ({ db, caller }) =>
  setupTwoFactor(db, caller.user),
);
