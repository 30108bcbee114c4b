import { Prisma, query, type Db, type PrismaClient } from "../db";
import { notFound, validationFailed, type FieldErrors } from "../api/errors";
import { unknownIdErrors } from "../validation/shop-records";
import { uniqueViolation } from "../api/prisma-errors";
import { randomId } from "../crypto/tokens";
import { sanitizeSellerHtml } from "../html/seller-html";
import { uniqueProductPath } from "./paths";
import { referenceErrors } from "./references";
import type { ProductInput } from "./schemas";
import { productViews } from "./views";
import { recordEvent } from "../webhooks/events";
import { productEvent } from "../webhooks/objects";

type Shop = { id: number; currency: string };
type Tx = Prisma.TransactionClient;

export async function getProduct(db: Db, shopId: number, id: number) {
  const product = await db.product.findFirst({ where: { id, shop_id: shopId, deleted_at: null }, select: { id: true } });
  if (!product) throw notFound("Product");
  return (await productViews(db, [id]))[0]!;
}

/**
 * Two requests may pick the same free path at once; the unique index refuses
 * the second, which then retries with a fresh path.
 */
async function withPathRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt < 3 && uniqueViolation(error)?.covers("path")) continue;
      throw error;
    }
  }
}

async function checkReferences(tx: Tx, shopId: number, input: ProductInput, extra: FieldErrors = {}) {
  const errors = { ...(await referenceErrors(tx, shopId, input)), ...extra };
  if (Object.keys(errors).length) throw validationFailed(errors);
}

function variantColumns(variant: ProductInput["variants"][number], sort: number, deliverablesType: string) {
  return {
    name: variant.name,
    description: sanitizeSellerHtml(variant.description ?? ""),
    price: new Prisma.Decimal(variant.price.toFixed(2)),
    // Only dynamic variants call out; a URL left on another type would never be used.
    dynamic_url: deliverablesType === "dynamic" ? (variant.dynamic_url ?? null) : null,
    sort_priority: sort,
  };
}

/**
 * The columns of the fields the clients send (issue 29) that this body names;
 * a field left out keeps its value on update and takes its default on create.
 */
export function clientFieldColumns(input: Partial<ProductInput>) {
  const columns: Prisma.ProductUncheckedUpdateInput = {};
  if (input.disabled_payment_methods !== undefined) columns.disabled_payment_methods = input.disabled_payment_methods;
  if (input.discord_required !== undefined) columns.discord_required = input.discord_required;
  if (input.discord_roles !== undefined) columns.discord_roles = input.discord_roles;
  if (input.badges !== undefined) columns.badges = input.badges;
  if (input.status_color !== undefined) columns.status_color = input.status_color;
  if (input.status_text !== undefined) columns.status_text = input.status_text || null;
  if (input.live_stats !== undefined) columns.live_stats = input.live_stats;
  if (input.feedback_coupon !== undefined) columns.feedback_coupon_id = input.feedback_coupon;
  if (input.feedback_coupon_min_rating !== undefined) columns.feedback_coupon_min_rating = input.feedback_coupon_min_rating;
  if (input.volume_discounts !== undefined) columns.volume_discounts = [...input.volume_discounts].sort((a, b) => a.qty - b.qty);
  if (input.disable_volume_discounts_if_coupon !== undefined)
    columns.disable_volume_discounts_if_coupon = input.disable_volume_discounts_if_coupon;
  if (input.redirect_url !== undefined) columns.redirect_url = input.redirect_url;
  if (input.deliverables_label !== undefined) columns.deliverables_label = input.deliverables_label || null;
  return columns;
}

async function attachImages(tx: Tx, productId: number, imageIds: number[]) {
  await tx.productImage.deleteMany({ where: { product_id: productId } });
  if (imageIds.length)
    await tx.productImage.createMany({ data: imageIds.map((image_id, sort) => ({ product_id: productId, image_id, sort })) });
}

async function attachCustomFields(tx: Tx, productId: number, fieldIds: number[]) {
  await tx.customFieldAttachment.deleteMany({ where: { morphable_type: "product", morphable_id: productId } });
  if (fieldIds.length) {
    await tx.customFieldAttachment.createMany({
      data: fieldIds.map((custom_field_id) => ({ custom_field_id, morphable_type: "product", morphable_id: productId })),
    });
  }
}

/**
 * POST /products: the product, its variants, images and custom fields in one
 * transaction. Description, instructions and variant descriptions are stored
 * sanitised (lib/html/seller-html.ts): buyers see them as HTML on the storefront.
 */
export async function createProduct(client: PrismaClient, shop: Shop, input: ProductInput) {
  const id = await withPathRetry(() =>
    client.$transaction(async (tx) => {
      await checkReferences(tx, shop.id, input);
      const deliverablesType = input.deliverables_type ?? "serials";
      const product = await tx.product.create({
        data: {
          shop_id: shop.id,
          salt: randomId(8),
          path: await uniqueProductPath(tx, shop.id, input.name),
          name: input.name,
          currency: input.currency ?? shop.currency,
          visibility: input.visibility ?? "public",
          deliverables_type: deliverablesType,
          type: input.type ?? "variant",
          description: sanitizeSellerHtml(input.description ?? ""),
          instructions: sanitizeSellerHtml(input.instructions ?? ""),
          out_of_stock_message: input.out_of_stock_message ?? null,
          group_id: input.group_id ?? null,
          sort_priority: input.sort_priority ?? 0,
          quantity_min: input.quantity_min ?? null,
          quantity_max: input.quantity_max ?? null,
          block_vpn: input.block_vpn ?? false,
          ...(clientFieldColumns(input) as Omit<Prisma.ProductUncheckedCreateInput, "shop_id" | "salt" | "name" | "path">),
          variants: {
            create: input.variants.map((variant, sort) => ({ shop_id: shop.id, ...variantColumns(variant, sort, deliverablesType) })),
          },
        },
        select: { id: true },
      });
      await attachImages(tx, product.id, input.image_ids ?? []);
      await attachCustomFields(tx, product.id, input.custom_field_ids ?? []);
      await recordEvent(tx, shop.id, "product.created", () => productEvent(tx, product.id));
      return product.id;
    }),
  );
  return getProduct(client, shop.id, id);
}

/**
 * PUT /products/{productId}/update. Variants sent with an `id` are updated
 * and keep their stock; variants without one are added; live variants left
 * out are soft-deleted so invoices that sold them keep their history.
 * Optional fields left out keep their current value; `image_ids` and
 * `custom_field_ids`, when sent, replace the current set.
 */
export async function updateProduct(client: PrismaClient, shopId: number, id: number, input: ProductInput) {
  await client.$transaction(async (tx) => {
    const locked = await query<{ id: number; deliverables_type: string }>(
      tx,
      Prisma.sql`
      SELECT id, deliverables_type FROM products WHERE id = ${id} AND shop_id = ${shopId} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!locked.length) throw notFound("Product");
    const current = await tx.variant.findMany({ where: { product_id: id, deleted_at: null }, select: { id: true } });
    const liveIds = new Set(current.map((v) => v.id));
    // a variant sent without an id is a new one: only the ids sent are checked
    const variantErrors = unknownIdErrors(
      input.variants.map((variant) => variant.id),
      liveIds,
      (index) => `variants.${index}.id`,
    );
    await checkReferences(tx, shopId, input, variantErrors);

    const deliverablesType = input.deliverables_type ?? locked[0]!.deliverables_type;
    if (deliverablesType === "dynamic" && input.deliverables_type === undefined) {
      const missing: FieldErrors = {};
      input.variants.forEach((variant, index) => {
        if (!variant.dynamic_url)
          missing[`variants.${index}.dynamic_url`] = [
            `The variants.${index}.dynamic_url field is required when deliverables type is dynamic.`,
          ];
      });
      if (Object.keys(missing).length) throw validationFailed(missing);
    }
    await tx.product.update({
      where: { id },
      data: {
        name: input.name,
        ...(input.currency !== undefined ? { currency: input.currency } : {}),
        ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
        deliverables_type: deliverablesType,
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.description !== undefined ? { description: sanitizeSellerHtml(input.description ?? "") } : {}),
        ...(input.instructions !== undefined ? { instructions: sanitizeSellerHtml(input.instructions ?? "") } : {}),
        ...(input.out_of_stock_message !== undefined ? { out_of_stock_message: input.out_of_stock_message } : {}),
        ...(input.group_id !== undefined ? { group_id: input.group_id } : {}),
        ...(input.sort_priority !== undefined ? { sort_priority: input.sort_priority } : {}),
        ...(input.quantity_min !== undefined ? { quantity_min: input.quantity_min } : {}),
        ...(input.quantity_max !== undefined ? { quantity_max: input.quantity_max } : {}),
        ...(input.block_vpn !== undefined ? { block_vpn: input.block_vpn } : {}),
        ...clientFieldColumns(input),
      },
    });
    const kept = new Set<number>();
    for (const [sort, variant] of input.variants.entries()) {
      const columns = variantColumns(variant, sort, deliverablesType);
      if (variant.id !== undefined) {
        kept.add(variant.id);
        await tx.variant.update({ where: { id: variant.id }, data: columns });
      } else {
        await tx.variant.create({ data: { product_id: id, shop_id: shopId, ...columns } });
      }
    }
    const dropped = [...liveIds].filter((variantId) => !kept.has(variantId));
    if (dropped.length) await tx.variant.updateMany({ where: { id: { in: dropped } }, data: { deleted_at: new Date() } });
    if (input.image_ids !== undefined) await attachImages(tx, id, input.image_ids);
    if (input.custom_field_ids !== undefined) await attachCustomFields(tx, id, input.custom_field_ids);
    await recordEvent(tx, shopId, "product.updated", () => productEvent(tx, id));
  });
  return getProduct(client, shopId, id);
}

/**
 * Soft delete: the product and its variants get `deleted_at` and leave the
 * catalog; invoices keep pointing at them, so their history stays whole.
 * `product.deleted` carries the product as the deletion left it.
 */
export async function deleteProduct(client: PrismaClient, shopId: number, id: number) {
  await client.$transaction(async (tx) => {
    const now = new Date();
    const deleted = await tx.product.updateMany({ where: { id, shop_id: shopId, deleted_at: null }, data: { deleted_at: now } });
    if (deleted.count === 0) throw notFound("Product");
    await tx.variant.updateMany({ where: { product_id: id, deleted_at: null }, data: { deleted_at: now } });
    await recordEvent(tx, shopId, "product.deleted", () => productEvent(tx, id));
  });
  return { message: "Product deleted." };
}

/**
 * POST /products/{productId}/clone: a copy with the same settings, variants,
 * images and custom fields, and no stock (no serials; counted services at 0).
 */
export async function cloneProduct(client: PrismaClient, shopId: number, id: number) {
  const newId = await withPathRetry(() =>
    client.$transaction(async (tx) => {
      const source = await tx.product.findFirst({
        where: { id, shop_id: shopId, deleted_at: null },
        include: {
          variants: { where: { deleted_at: null }, orderBy: [{ sort_priority: "asc" }, { id: "asc" }] },
          images: { where: { image: { deleted_at: null } } },
        },
      });
      if (!source) throw notFound("Product");
      const { id: _id, created_at: _c, updated_at: _u, deleted_at: _d, variants, images, volume_discounts, badges, ...columns } = source;
      const copy = await tx.product.create({
        data: {
          ...columns,
          // rows written before descriptions were sanitised on write must not be copied as they are
          description: sanitizeSellerHtml(source.description),
          instructions: sanitizeSellerHtml(source.instructions),
          salt: randomId(8),
          path: await uniqueProductPath(tx, shopId, source.path),
          volume_discounts: volume_discounts as Prisma.InputJsonValue,
          badges: badges as Prisma.InputJsonValue,
          variants: {
            create: variants.map((v) => ({
              shop_id: shopId,
              name: v.name,
              description: sanitizeSellerHtml(v.description),
              price: v.price,
              dynamic_url: v.dynamic_url,
              sort_priority: v.sort_priority,
              service_stock: v.service_stock === null ? null : 0,
            })),
          },
          images: { create: images.map((image) => ({ image_id: image.image_id, sort: image.sort })) },
        },
        select: { id: true },
      });
      const fields = await tx.customFieldAttachment.findMany({
        where: { morphable_type: "product", morphable_id: id },
        select: { custom_field_id: true },
      });
      await attachCustomFields(
        tx,
        copy.id,
        fields.map((field) => field.custom_field_id),
      );
      await recordEvent(tx, shopId, "product.created", () => productEvent(tx, copy.id));
      return copy.id;
    }),
  );
  return getProduct(client, shopId, newId);
}
