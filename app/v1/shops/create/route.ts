import { created, sellerRoute } from "@/lib/api/route";
import { forbidden } from "@/lib/api/errors";
import { jsonBody, refuseNulCharacters } from "@/lib/api/input";
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
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  let raw: Record<string, unknown>;
  let logo: NewShopLogo = { kind: "none" };
  if (multipart) {
    const form = await readUploadForm(request, "logo");
    raw = { name: form.fields.name, subdomain: form.fields.subdomain };
    if (form.file) logo = { kind: "upload", upload: form.file };
  } else {
    raw = (await jsonBody(request)) ?? {};
  }
  refuseNulCharacters(raw);
  const input = createShopBody.parse(raw);
  return created(await createShop(db, caller.user, caller.actor, input, logo));
});
