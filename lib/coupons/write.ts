import { Prisma, query, type Db, type PrismaClient } from "../db";
import { notFound, validationFailed } from "../api/errors";
import { unknownIdErrors } from "../validation/shop-records";
import { randomId } from "../crypto/tokens";
import { roundMoney } from "../money";
import { MAX_DISCOUNT, type CouponType, type CreateCouponInput, type UpdateCouponInput } from "./schemas";
import { couponInclude, serializeCoupon } from "./serialize";

const CODE_TAKEN = "The code has already been taken.";

/**
 * Codes are typed by customers, so `Summer` and `SUMMER` are the same code:
 * uniqueness is case-insensitive per shop. This check gives the answer
 * first; the unique index on (shop_id, lower(code)) settles two concurrent
 * writes, and the wrapper maps its violation to the same 422 on `code`.
 */
async function checkCodeFree(tx: Db, shopId: number, code: string, exceptId?: number) {
  const rows = await query<{ id: number }>(
    tx,
    Prisma.sql`
    SELECT id FROM coupons WHERE shop_id = ${shopId} AND lower(code) = lower(${code}) AND id <> ${exceptId ?? 0} LIMIT 1`,
  );
  if (rows.length) throw validationFailed({ code: [CODE_TAKEN] });
}

/** Restricted products must be live products of this shop: `products.N` names each stranger. */
async function checkProducts(tx: Db, shopId: number, productIds: number[], field: "products" | "items") {
  if (!productIds.length) return;
  const found = await tx.product.findMany({
    where: { shop_id: shopId, id: { in: productIds }, deleted_at: null },
    select: { id: true },
  });
  const errors = unknownIdErrors(productIds, found, field);
  if (Object.keys(errors).length) throw validationFailed(errors);
}

function uniqueEmails(emails: string[]): string[] {
  const seen = new Set<string>();
  return emails.filter((email) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** POST /v1/shops/{shopId}/coupons. Without `global`, a coupon is global unless it names products. */
export async function createCoupon(client: PrismaClient, shopId: number, input: CreateCouponInput) {
  return client.$transaction(async (tx) => {
    const productIds = [...new Set(input.products ?? input.items ?? [])];
    await checkCodeFree(tx, shopId, input.code);
    await checkProducts(tx, shopId, input.products ?? input.items ?? [], input.products ? "products" : "items");
    const coupon = await tx.coupon.create({
      data: {
        shop_id: shopId,
        code: input.code,
        salt: randomId(8),
        type: input.type,
        discount: roundMoney(input.discount),
        global: input.global ?? productIds.length === 0,
        max_uses: input.max_uses ?? null,
        max_uses_per_customer: input.max_uses_per_customer ?? null,
        expiration_date: input.expiration_date ?? null,
        start_date: input.start_date ?? null,
        min_invoice_price: input.min_invoice_price == null ? null : roundMoney(input.min_invoice_price),
        disable_if_volume_discount: input.disable_if_volume_discount ?? false,
        allowed_emails: uniqueEmails(input.allowed_emails ?? []),
        products: { create: productIds.map((product_id) => ({ product_id })) },
      },
      include: couponInclude,
    });
    return serializeCoupon(coupon);
  });
}

/**
 * PUT /v1/shops/{shopId}/coupons/{couponId}/update: fields not sent keep
 * their value, `null` clears a nullable one. Sending `products` without
 * `global` makes the coupon global exactly when the list is empty. The row
 * is locked so two updates cannot interleave their checks.
 */
export async function updateCoupon(client: PrismaClient, shopId: number, couponId: number, input: UpdateCouponInput) {
  return client.$transaction(async (tx) => {
    const locked = await query<{ id: number }>(
      tx,
      Prisma.sql`
        SELECT id FROM coupons WHERE id = ${couponId} AND shop_id = ${shopId} FOR UPDATE`,
    );
    if (!locked.length) throw notFound("Coupon");
    const current = await tx.coupon.findUniqueOrThrow({ where: { id: couponId } });

    const type = (input.type ?? current.type) as CouponType;
    const discount = input.discount !== undefined ? roundMoney(input.discount) : current.discount;
    if (discount.gt(MAX_DISCOUNT[type])) {
      throw validationFailed({ discount: [`The discount field must not be greater than ${MAX_DISCOUNT[type]} for a ${type} coupon.`] });
    }
    if (input.code !== undefined) await checkCodeFree(tx, shopId, input.code, couponId);
    const sentProducts = input.products !== undefined ? input.products : input.items;
    const productIds = sentProducts === undefined ? undefined : [...new Set(sentProducts ?? [])];
    if (sentProducts) await checkProducts(tx, shopId, sentProducts, input.products !== undefined ? "products" : "items");

    const coupon = await tx.coupon.update({
      where: { id: couponId },
      data: {
        code: input.code,
        type,
        discount,
        global: input.global ?? (productIds === undefined ? undefined : productIds.length === 0),
        max_uses: input.max_uses,
        max_uses_per_customer: input.max_uses_per_customer,
        expiration_date: input.expiration_date,
        start_date: input.start_date,
        min_invoice_price:
          input.min_invoice_price === undefined ? undefined : input.min_invoice_price === null ? null : roundMoney(input.min_invoice_price),
        disable_if_volume_discount: input.disable_if_volume_discount,
        allowed_emails: input.allowed_emails === undefined ? undefined : uniqueEmails(input.allowed_emails ?? []),
        products: productIds === undefined ? undefined : { deleteMany: {}, create: productIds.map((product_id) => ({ product_id })) },
      },
      include: couponInclude,
    });
    return serializeCoupon(coupon);
  });
}

/** DELETE: invoices that used the coupon keep their history (their coupon_id becomes null). */
export async function deleteCoupon(db: Db, shopId: number, couponId: number) {
  const { count } = await db.coupon.deleteMany({ where: { id: couponId, shop_id: shopId } });
  if (!count) throw notFound("Coupon");
  return { message: "Coupon deleted." };
}

/**
 * DELETE /v1/shops/{shopId}/coupons/used: every coupon whose uses are spent
 * (`uses` reached `max_uses`); a coupon without a limit is never spent.
 */
export async function deleteUsedCoupons(db: Db, shopId: number) {
  const { count } = await db.coupon.deleteMany({ where: { shop_id: shopId, uses: { gte: db.coupon.fields.max_uses } } });
  return { message: `${count} used coupon${count === 1 ? "" : "s"} deleted.`, deleted: count };
}
