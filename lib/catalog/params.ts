import { idParams } from "../api/params";
import { notFound } from "../api/errors";
import { numericId } from "../validation/ids";
import * as z from "../validation/zod";

/** Path ids of the product routes (server only: an invalid id throws the API's 404). */
export const productParams = idParams("productId", "Product");

/** `{productId}` and `{variantId}`: a non-numeric id names no record (404), like idParams. */
export const variantParams = z
  .object({ productId: z.string(), variantId: z.string() })
  .passthrough()
  .transform((params) => {
    const productId = numericId(params.productId);
    if (productId === null) throw notFound("Product");
    const variantId = numericId(params.variantId);
    if (variantId === null) throw notFound("Variant");
    return { productId, variantId };
  });
