import { created, sellerRoute } from "@/lib/api/route";
import { createSellerApiKey, listSellerApiKeys, serializeApiKey } from "@/lib/auth/api-keys";
import { createApiKeySchema } from "@/lib/auth/schemas";

export const GET = sellerRoute({}, ({ db, caller }) => listSellerApiKeys(db, caller.user.id));

/** The plain key is in this response only; the database keeps its hash. */
export const POST = sellerRoute({ body: createApiKeySchema }, async ({ db, caller, body }) => {
  const { key, record } = await createSellerApiKey(db, caller.user.id, body.name);
  return created({ ...serializeApiKey(record), key });
});
