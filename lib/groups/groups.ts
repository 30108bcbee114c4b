import { Prisma, query, type Db, type PrismaClient } from "../db";
import { notFound, validationFailed, type FieldErrors } from "../api/errors";
import { unknownIdErrors } from "../validation/shop-records";
import type { Group } from "../generated/prisma/client";
import { shopImageIds } from "../images/images";
import { imageUrl } from "../images/url";
import { productViews } from "../catalog/views";
import type { ProductView } from "../catalog/schemas";
import type { CreateGroupInput, GroupView, GroupWithProductsView } from "./schemas";

type GroupRow = Group & { image: { cdn_image_id: string; deleted_at: Date | null } | null };

/** The spec's Group without `products` (what create returns). */
function serializeGroup(group: GroupRow): GroupView {
  return {
    id: group.id,
    name: group.name,
    image_id: group.image_id,
    image_url: group.image && !group.image.deleted_at ? imageUrl(group.image.cdn_image_id) : null,
    sort_priority: group.sort_priority,
    badge_text: group.badge_text,
    badge_color: group.badge_color,
    visibility: group.visibility,
    shop_id: group.shop_id,
    created_at: group.created_at.toISOString(),
    updated_at: group.updated_at.toISOString(),
    deleted_at: group.deleted_at?.toISOString() ?? null,
  };
}

const withImage = { image: { select: { cdn_image_id: true, deleted_at: true } } } as const;

/** Groups with their live products (embedded shape) and `products_count`. */
async function withProducts(db: Db, groups: GroupRow[]): Promise<GroupWithProductsView[]> {
  const products = await db.product.findMany({
    where: { group_id: { in: groups.map((g) => g.id) }, deleted_at: null },
    select: { id: true, group_id: true },
    orderBy: [{ group_sort_priority: "asc" }, { sort_priority: "asc" }, { id: "asc" }],
  });
  const views = new Map(
    (
      await productViews(
        db,
        products.map((p) => p.id),
      )
    ).map((view) => [view.id, view]),
  );
  return groups.map((group) => {
    const members: ProductView[] = products.filter((p) => p.group_id === group.id).map((p) => views.get(p.id)!);
    return { ...serializeGroup(group), products: members, products_count: members.length };
  });
}

export async function listGroups(db: Db, shopId: number) {
  const groups = await db.group.findMany({
    where: { shop_id: shopId, deleted_at: null },
    include: withImage,
    orderBy: [{ sort_priority: "asc" }, { id: "asc" }],
  });
  return withProducts(db, groups);
}

export async function getGroup(db: Db, shopId: number, id: number) {
  const group = await db.group.findFirst({ where: { id, shop_id: shopId, deleted_at: null }, include: withImage });
  if (!group) throw notFound("Group");
  return (await withProducts(db, [group]))[0]!;
}

type Tx = Prisma.TransactionClient;

/** The image and the products a group body names must be live records of the shop (422 on the field otherwise). */
async function checkGroupReferences(tx: Tx, shopId: number, input: CreateGroupInput) {
  let errors: FieldErrors = {};
  if (input.image_id != null && !(await shopImageIds(tx, shopId, [input.image_id])).has(input.image_id)) {
    errors.image_id = ["The selected image id is invalid."];
  }
  const productIds = input.products ?? [];
  if (productIds.length) {
    const found = await tx.product.findMany({ where: { id: { in: productIds }, shop_id: shopId, deleted_at: null }, select: { id: true } });
    errors = { ...errors, ...unknownIdErrors(productIds, found, "products") };
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** POST /groups: the group, and the listed products moved into it, in one transaction. */
export async function createGroup(client: PrismaClient, shopId: number, input: CreateGroupInput) {
  return client.$transaction(async (tx) => {
    await checkGroupReferences(tx, shopId, input);
    const group = await tx.group.create({
      data: {
        shop_id: shopId,
        name: input.name,
        image_id: input.image_id ?? null,
        visibility: input.visibility ?? "public",
        sort_priority: input.sort_priority ?? 0,
        badge_text: input.badge_text ?? null,
        badge_color: input.badge_color ?? null,
      },
      include: withImage,
    });
    const productIds = input.products ?? [];
    if (productIds.length)
      await tx.product.updateMany({ where: { id: { in: productIds }, shop_id: shopId }, data: { group_id: group.id } });
    return serializeGroup(group);
  });
}

/**
 * PUT /groups/{groupId} (beyond the spec, for the dashboard): the create body
 * replaces the group. Optional fields left out keep their value; `products`,
 * when sent (null or [] empties the group), becomes exactly its products:
 * listed ones move in (from any other group), unlisted members leave.
 */
export async function updateGroup(client: PrismaClient, shopId: number, id: number, input: CreateGroupInput) {
  await client.$transaction(async (tx) => {
    const locked = await query<{ id: number }>(
      tx,
      Prisma.sql`
      SELECT id FROM groups WHERE id = ${id} AND shop_id = ${shopId} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!locked.length) throw notFound("Group");
    await checkGroupReferences(tx, shopId, input);
    await tx.group.update({
      where: { id },
      data: {
        name: input.name,
        ...(input.image_id !== undefined ? { image_id: input.image_id } : {}),
        ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
        ...(input.sort_priority !== undefined ? { sort_priority: input.sort_priority } : {}),
        ...(input.badge_text !== undefined ? { badge_text: input.badge_text } : {}),
        ...(input.badge_color !== undefined ? { badge_color: input.badge_color } : {}),
      },
    });
    if (input.products !== undefined) {
      const productIds = input.products ?? [];
      await tx.product.updateMany({ where: { group_id: id, id: { notIn: productIds } }, data: { group_id: null } });
      if (productIds.length) await tx.product.updateMany({ where: { id: { in: productIds }, shop_id: shopId }, data: { group_id: id } });
    }
  });
  return getGroup(client, shopId, id);
}

/** Soft delete (the spec's `deleted_at`); its products stay in the catalog without a group. */
export async function deleteGroup(client: PrismaClient, shopId: number, id: number) {
  await client.$transaction(async (tx) => {
    const deleted = await tx.group.updateMany({ where: { id, shop_id: shopId, deleted_at: null }, data: { deleted_at: new Date() } });
    if (deleted.count === 0) throw notFound("Group");
    await tx.product.updateMany({ where: { group_id: id }, data: { group_id: null } });
  });
  return { message: "Group deleted." };
}
