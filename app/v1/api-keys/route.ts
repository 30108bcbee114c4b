import { created, sellerRoute } from "@/lib/api/route";
import { createSellerApiKey, listSellerApiKeys, serializeApiKey } from "@/lib/auth/api-keys";
import { createApiKeySchema } from "@/lib/auth/schemas";

/** Keys are managed from a signed-in session only: a leaked key cannot mint, list or revoke keys. */
export const GET = sellerRoute({ permission: "account", sessionOnly: true }, ({ db, caller }) => listSellerApiKeys(db, caller.user.id));

/** The plain key is in this response only; the database keeps its hash. A recent sign-in is needed, and the account is e-mailed. */
export const POST = sellerRoute(
  {
    permission: "account",
    sessionOnly: true,
    body: createApiKeySchema,
    reauth: true,
    notify: ({ body }) => `A new API key “${String(body.name)}” (${body.scope === "read" ? "read only" : "read and write"}) was created.`,
  },
  async ({ db, caller, body }) => {
    const { key, record } = await createSellerApiKey(db, caller.user.id, body, caller.actor);
    return created({ ...serializeApiKey(record), key });
  },
);
