import { randomBytes } from "node:crypto";
import type { Db, Prisma, PrismaClient } from "../db";
import { validationFailed, type FieldErrors } from "../api/errors";
import { unknownIdErrors } from "../validation/shop-records";
import { randomId } from "../crypto/tokens";
import { findOrCreateCustomer } from "../customers/find-or-create";
import { refusalAfterPricing, refusalBeforePricing } from "../coupons/terms";
import { loadActivePromotions, loadVolumeDiscounts } from "../pricing/load";
import { itemRowsOf, toUsd, type ItemVariant } from "./pricing";
import { calculateCartPrice, type CartPrice } from "../pricing/calculator";
import type { CouponRule } from "../pricing/coupon";
import { paymentTermsOf } from "../payment-methods/terms";
import type { CreateInvoiceInput } from "./schemas";
import { recordEvent } from "../webhooks/events";
import { exhaustedCouponEvent, invoiceEvent } from "../webhooks/objects";

/** What the dashboard sends for a manual invoice when it names no gateway. */
export const MANUAL_GATEWAY = "MANUAL";

type Shop = { id: number };

/** 16 url-safe characters (96 random bits): unguessable, so it can be shown in payment links. */
export function newUniqueId(): string {
  return randomBytes(12).toString("base64url");
}

/**
 * POST /v1/shops/{shopId}/invoices: a `pending`, manual invoice priced from
 * the variants' current prices, the shop's running quantity deals and bundle
 * offers, the products' volume discounts, and the optional coupon (lib/pricing/calculator.ts); each item's
 * total is after promotions, the invoice price after the coupon and the
 * gateway's payment method fee (or discount) too. Everything (customer,
 * invoice, items, coupon use, custom-field answers) is written in one
 * transaction, so a refusal leaves nothing behind. Stock is not reserved: it
 * is taken when the invoice reaches `completed`. Returns the new invoice id.
 */
export async function createManualInvoice(client: PrismaClient, shop: Shop, input: CreateInvoiceInput): Promise<number> {
  return client.$transaction(async (tx) => {
    const variants = await loadVariants(tx, shop.id, input);
    const coupon = input.coupon_code ? await loadCoupon(tx, shop.id, input, variants) : null;
    await checkCustomFields(tx, shop.id, input);

    const lines = input.items.map((item) => {
      const variant = variants.get(item.variant_id)!;
      return { productId: variant.product_id, variantId: variant.id, unitPrice: variant.price, quantity: item.quantity };
    });
    const now = new Date();
    const promotions = await loadActivePromotions(
      tx,
      shop.id,
      lines.map((line) => line.productId),
      now,
    );
    const volumeDiscounts = await loadVolumeDiscounts(
      tx,
      shop.id,
      lines.map((line) => line.productId),
    );
    const gateway = input.gateway ?? MANUAL_GATEWAY;
    const terms = await paymentTermsOf(tx, shop.id, gateway.toUpperCase());
    const price = calculateCartPrice({ lines, coupon: coupon?.rule, promotions, now, volumeDiscounts, feePercent: terms?.fee_percent });
    const refusal = coupon ? refusalAfterPricing(coupon.terms, price) : null;
    if (refusal) throw validationFailed({ coupon_code: [refusal] });
    if (coupon) {
      // Conditional update: two invoices racing for a coupon's last use cannot both get it.
      const used = await tx.coupon.updateMany({
        where: { id: coupon.id, OR: [{ max_uses: null }, { uses: { lt: tx.coupon.fields.max_uses } }] },
        data: { uses: { increment: 1 } },
      });
      if (used.count === 0) throw validationFailed({ coupon_code: ["The coupon has reached its maximum number of uses."] });
    }

    const customer = await findOrCreateCustomer(tx, shop.id, input.email);

    const invoice = await writePendingInvoice(tx, {
      shopId: shop.id,
      price,
      variantAt: (index) => variants.get(input.items[index]!.variant_id)!,
      email: input.email,
      gateway,
      manual: true,
      couponId: coupon?.id ?? null,
      customerId: customer.id,
      answers: Object.entries(input.custom_fields ?? {}).map(([fieldId, value]) => ({ id: Number(fieldId), value })),
      extra: { dashboard_note: input.dashboard_note ?? null },
    });
    if (coupon) await recordEvent(tx, shop.id, "coupon.exhausted", () => exhaustedCouponEvent(tx, coupon.id));
    return invoice.id;
  });
}

/** The ordered variants, each a live variant of a live product of this shop, all in one currency. */
async function loadVariants(tx: Db, shopId: number, input: CreateInvoiceInput) {
  const ids = [...new Set(input.items.map((item) => item.variant_id))];
  const rows = await tx.variant.findMany({
    where: { id: { in: ids }, shop_id: shopId, deleted_at: null, product: { shop_id: shopId, deleted_at: null } },
    select: { id: true, name: true, price: true, product_id: true, product: { select: { name: true, currency: true } } },
  });
  const variants = new Map(rows.map((row) => [row.id, row]));
  const unknown = unknownIdErrors(
    input.items.map((item) => item.variant_id),
    new Set(variants.keys()),
    (index) => `items.${index}.variant_id`,
  );
  const currency = variants.get(input.items[0]!.variant_id)?.product.currency;
  // both kinds of error in the order the items were sent: the first one is the answer's message
  const errors: FieldErrors = {};
  input.items.forEach((item, index) => {
    const field = `items.${index}.variant_id`;
    const variant = variants.get(item.variant_id);
    if (unknown[field]) errors[field] = unknown[field];
    else if (variant && currency && variant.product.currency !== currency) {
      errors[field] = [`All items must be priced in one currency (${currency}).`];
    }
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return variants;
}

type LoadedVariants = Awaited<ReturnType<typeof loadVariants>>;

/** A coupon of this shop that this email may use on at least one of these products now. */
async function loadCoupon(tx: Db, shopId: number, input: CreateInvoiceInput, variants: LoadedVariants) {
  const refuse = (message: string) => validationFailed({ coupon_code: [message] });
  const code = input.coupon_code!;
  const candidates = await tx.coupon.findMany({
    where: { shop_id: shopId, code: { equals: code, mode: "insensitive" } },
    orderBy: { id: "asc" },
    include: { products: { select: { product_id: true } } },
  });
  // Codes are typed by people: case does not matter, unless two codes differ only in case.
  const coupon = candidates.find((candidate) => candidate.code === code) ?? candidates[0];
  if (!coupon) throw refuse("The selected coupon code is invalid.");
  // a manual invoice takes its use at once (below): it neither holds uses nor counts others' holds
  const refusal = await refusalBeforePricing(tx, coupon, input.email, new Date(), async () => 0);
  if (refusal) throw refuse(refusal);
  const productIds = coupon.global ? null : coupon.products.map((link) => link.product_id);
  if (productIds && ![...variants.values()].some((variant) => productIds.includes(variant.product_id))) {
    throw refuse("The coupon does not apply to these products.");
  }
  const rule: CouponRule = { type: coupon.type === "fixed" ? "fixed" : "percentage", discount: coupon.discount, productIds };
  return { id: coupon.id, rule, terms: coupon };
}

/** Every answered custom field must be one of this shop's fields. */
async function checkCustomFields(tx: Db, shopId: number, input: CreateInvoiceInput) {
  const ids = Object.keys(input.custom_fields ?? {}).map(Number);
  if (!ids.length) return;
  const found = await tx.customField.findMany({ where: { id: { in: ids }, shop_id: shopId }, select: { id: true } });
  const known = new Set(found.map((field) => field.id));
  const errors: FieldErrors = {};
  for (const id of ids) if (!known.has(id)) errors[`custom_fields.${id}`] = ["The selected custom field is invalid."];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** A line's variant as the invoice needs it: its item row's fields, and its product's currency. */
type InvoiceVariant = ItemVariant & { product: { currency: string } };

/**
 * A new `pending` invoice with its items, its custom-field answers and its
 * `invoice.created` event: what a manual invoice and a checkout both write,
 * inside their own transaction. The first line's product and variant name
 * the invoice; its currency is that product's.
 */
export async function writePendingInvoice(
  tx: Db,
  input: {
    shopId: number;
    price: CartPrice;
    variantAt: (index: number) => InvoiceVariant;
    email: string;
    /** null: a checkout without one; the buyer chooses it on the buyer's page */
    gateway: string | null;
    manual: boolean;
    couponId: number | null;
    customerId: number;
    answers: { id: number; value: string }[];
    extra: Pick<
      Prisma.InvoiceUncheckedCreateInput,
      "affiliate_id" | "ip" | "user_agent" | "dashboard_note" | "discord_user_id" | "discord_access_token" | "discord_refresh_token"
    >;
  },
) {
  const first = input.variantAt(0);
  const currency = first.product.currency;
  const invoice = await tx.invoice.create({
    data: {
      shop_id: input.shopId,
      unique_id: newUniqueId(),
      status: "pending",
      product_id: first.product_id,
      variant_id: first.id,
      price: input.price.total,
      currency,
      price_usd: toUsd(input.price.total, currency),
      gateway_fee: input.price.gatewayFee,
      gateway: input.gateway,
      email: input.email,
      salt: randomId(16),
      manual: input.manual,
      amount: input.price.lines.reduce((sum, line) => sum + line.quantity, 0),
      coupon_id: input.couponId,
      customer_id: input.customerId,
      ...input.extra,
      items: { create: itemRowsOf(input.price.lines, input.variantAt, currency) },
    },
    select: { id: true, unique_id: true, price: true, currency: true, email: true },
  });
  if (input.answers.length) {
    await tx.customFieldAttachment.createMany({
      data: input.answers.map(({ id, value }) => ({ custom_field_id: id, morphable_type: "invoice", morphable_id: invoice.id, value })),
    });
  }
  await recordEvent(tx, input.shopId, "invoice.created", () => invoiceEvent(tx, invoice.id));
  return invoice;
}
