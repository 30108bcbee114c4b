import { execute, Prisma, type PrismaClient } from "../db";
import { validationFailed } from "../api/errors";
import { unknownIdErrors } from "../validation/shop-records";
import type { SortProductsInput } from "./schemas";

/**
 * PUT /v1/shops/{shopId}/products/sort: each listed product's
 * `sort_priority` becomes its place in the list (0 first), in one statement
 * whatever the count; products not listed keep theirs. An id that is not a
 * live product of the shop refuses the whole request (422 on
 * `sortedIds.N`), so no half-applied order is left. No webhook event: only
 * the order changes, and `product.updated` is about a product's settings.
 */
export async function sortProducts(client: PrismaClient, shopId: number, input: SortProductsInput) {
  const ids = input.sortedIds;
  return client.$transaction(async (tx) => {
    const found = await tx.product.findMany({ where: { shop_id: shopId, id: { in: ids }, deleted_at: null }, select: { id: true } });
    const errors = unknownIdErrors(ids, found, "sortedIds");
    if (Object.keys(errors).length) throw validationFailed(errors);
    const updated = await execute(
      tx,
      Prisma.sql`
      UPDATE products p SET sort_priority = s.position - 1, updated_at = now()
        FROM unnest(${ids}::int[]) WITH ORDINALITY AS s(id, position)
       WHERE p.id = s.id AND p.shop_id = ${shopId} AND p.deleted_at IS NULL`,
    );
    return { message: "Products sorted.", updated };
  });
}
