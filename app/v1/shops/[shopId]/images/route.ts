import { created, sellerRoute } from "@/lib/api/route";
import { listImages } from "@/lib/images/images";
import { readUploadedFile, storeImage } from "@/lib/images/upload";

export const GET = sellerRoute({ permission: "catalog:read" }, async ({ db, caller }) => listImages(db, caller.shop.id));

/** multipart/form-data with the file in the `image` part. */
export const POST = sellerRoute({ permission: "catalog:write" }, async ({ db, caller, request }) =>
  created(await storeImage(db, caller.shop.id, () => readUploadedFile(request))),
);
