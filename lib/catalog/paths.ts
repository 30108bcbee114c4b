import type { Db } from "../db";
import { randomId } from "../crypto/tokens";

/** The storefront path of a product: a slug of its name, unique in the shop (a short suffix when taken). */
export async function uniqueProductPath(db: Db, shopId: number, name: string): Promise<string> {
  const slug =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 200) || "product";
  const taken = await db.product.findFirst({ where: { shop_id: shopId, path: slug }, select: { id: true } });
  return taken ? `${slug}-${randomId(4)}` : slug;
}
