import { created, sellerRoute } from "@/lib/api/route";
import { ApiError, forbidden, invalid } from "@/lib/api/errors";
import { jsonBody, refuseUnstorableText } from "@/lib/api/input";
import { readUploadForm } from "@/lib/images/upload";
import { createShop, type NewShopLogo } from "@/lib/shops/manage";
import { createShopBody } from "@/lib/shops/schemas";

/**
 * JSON `{name, subdomain, logo_image_id?}` or multipart/form-data with `name`,
 * `subdomain` and an optional `logo` file part (the two clients send one
 * each). A read-only key, or a key limited to some shops, cannot make one.
 */
export const POST = sellerRoute({ permission: "account" }, async ({ db, caller, request }) => {
  if (caller.user.scope !== "write") throw forbidden(null, "This API key is read-only; creating a shop needs a read-write key.");
  if (caller.user.shopIds) throw forbidden(null, "This API key is limited to some shops; it cannot create a shop.");
  const contentType = request.headers.get("content-type");
  const multipart = (contentType ?? "").toLowerCase().startsWith("multipart/form-data");
  let raw: Record<string, unknown>;
  let logo: NewShopLogo = { kind: "none" };
  if (multipart) {
    const form = await readUploadForm(request, "logo");
    raw = { name: form.fields.name, subdomain: form.fields.subdomain };
    if (form.file) logo = { kind: "upload", upload: form.file };
  } else {
    raw = (await jsonBody(request).catch((error: unknown) => refuseUntyped(error, contentType))) ?? {};
  }
  refuseUnstorableText(raw);
  const input = createShopBody.parse(raw);
  return created(await createShop(db, caller.user, caller.actor, input, logo));
});

/** A body that is no JSON and says no type: neither of the two forms this route takes (422, as an upload route answers it). */
function refuseUntyped(error: unknown, contentType: string | null): never {
  if (!contentType && error instanceof ApiError && error.status === 400)
    throw invalid("body", "Send the shop as JSON (application/json) or as multipart/form-data.");
  throw error;
}
