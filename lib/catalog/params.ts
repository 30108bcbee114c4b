import { idParams } from "../api/params";
import { notFound } from "../api/errors";
import { z } from "./fields";

/** Path ids of the product routes (server only: an invalid id throws the API's 404). */
export const productParams = idParams("productId", "Product");
const ID = /^\d{1,9}$/;

/** `{productId}` and `{variantId}`: a non-numeric id names no record (404), like idParams. */
export const variantParams = z
  .object({ productId: z.string(), variantId: z.string() })
  .passthrough()
  .transform((params) => {
    if (!ID.test(params.productId)) throw notFound("Product");
    if (!ID.test(params.variantId)) throw notFound("Variant");
    return { productId: Number(params.productId), variantId: Number(params.variantId) };
  });
