import { sellerRoute } from "@/lib/api/route";
import { enableTwoFactorSchema } from "@/lib/auth/schemas";
import { enableTwoFactor } from "@/lib/auth/two-factor";

/** The recovery codes are in this answer only. */
export const POST = sellerRoute(
  {
    permission: "account",
    sessionOnly: true,
    body: enableTwoFactorSchema,
    reauth: true,
    notify: () => "Two-factor sign-in was turned on.",
  },
  ({ db, caller, body }) => enableTwoFactor(db, caller.user.id, body.code),
);
