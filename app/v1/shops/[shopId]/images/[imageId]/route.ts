import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { deleteImage } from "@/lib/images/images";

export const DELETE = sellerRoute({ permission: "catalog:write", params: idParams("imageId", "Image") }, async ({ db, caller, params }) =>
  deleteImage(db, caller.shop.id, params.imageId),
);
