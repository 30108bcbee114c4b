import type { Db, PrismaClient } from "../db";
import { ApiError, validationFailed, type FieldErrors } from "../api/errors";
import { screenBuyer } from "../blacklist/screen";
import { unitsOfVariant, UNLIMITED_STOCK } from "../catalog/stock";
import { findOrCreateCustomer } from "../customers/find-or-create";
import { writePendingInvoice } from "../invoices/create";
import { calculateCartPrice } from "../pricing/calculator";
import { paymentTermsOf, type PaymentTerms } from "../payment-methods/terms";
import { LOCKING_TRANSACTION } from "../invoices/transitions";
import { loadActivePromotions, loadVolumeDiscounts } from "../pricing/load";
import { GatewayError, type GatewayInvoice, type GatewayShop, type PaymentGateway } from "../payments/gateway";
import { encryptOptional } from "../crypto/secrets";
import { gatewayOf } from "../payments/gateways";
import { CUSTOMER_BALANCE, customerBalanceGateway } from "../payments/balance-gateway";
import { balanceCustomerId, payFromBalance } from "../payments/customer-balance";
import { deliverDynamicItems, SELLER_DELIVERY } from "../dynamic/delivery";
import { moneyString, type Money } from "../money";
import { compilePattern } from "../blacklist/rules";
import { refusalAfterPricing } from "../coupons/terms";
import { holdCoupon } from "./coupon-hold";
import type { CheckoutInput, CheckoutView } from "./schemas";

/** The answer to a screened-out buyer: 422 on the field that matched (see docs/architecture.md, Checkout). */
export const REFUSED_BUYER = "This buyer cannot check out.";

/** Products a checkout can sell: `private` ones are not for sale to buyers, `on_hold` ones not now. */
const NOT_FOR_SALE: Record<string, string> = {
  private: "This product is not for sale.",
  on_hold: "This product is on hold.",
};

type Created = { id: number; unique_id: string; price: Money; currency: string; email: string };

/**
 * POST /v1/shops/{shopId}/checkout. Checks the gateway and screens the buyer,
 * then writes the invoice in one transaction: every line checked (variant of
 * the product, for sale, quantity bounds, stock), the custom fields answered,
 * the coupon held (coupon-hold.ts), the cart priced by lib/pricing, the
 * customer found or made, the invoice `pending` with its items and answers.
 * Only after the commit does the gateway start the payment (the processor is
 * called outside any transaction); if it cannot, the invoice is `failed` and
 * the answer is 502. Stock is not reserved: completion takes it.
 * CUSTOMERBALANCE is paid and completed in the invoice's own transaction
 * (lib/payments/customer-balance.ts): no pending invoice is left behind.
 * Without a gateway the invoice is pending with none, nothing is started, and
 * the buyer chooses one on the buyer's page (./choose-gateway.ts).
 */
export async function createCheckout(client: PrismaClient, shopId: number, input: CheckoutInput, linkBase: string): Promise<CheckoutView> {
  const shop = await client.shop.findUniqueOrThrow({ where: { id: shopId }, select: CHECKOUT_SHOP_SELECT });
  const gateway = input.gateway === undefined ? null : chooseGateway(shop, input.gateway);
  const refusal = await screenBuyer(client, shopId, {
    email: input.email,
    ip: input.ip ?? null,
    country_code: input.country_code ?? null,
    user_agent: input.user_agent ?? null,
    asn: input.asn ?? null,
  });
  if (refusal) throw validationFailed({ [refusal.field]: [REFUSED_BUYER] }, REFUSED_BUYER);

  if (gateway === customerBalanceGateway) {
    const paid = await client.$transaction(async (tx) => {
      const customerId = await balanceCustomerId(tx, shopId, input.email);
      const invoice = await writeInvoice(tx, shopId, gateway, input);
      return { invoice, dynamicItemIds: await payFromBalance(tx, shop, customerId, invoice) };
    }, LOCKING_TRANSACTION);
    await deliverDynamicItems(client, SELLER_DELIVERY, paid.dynamicItemIds);
    return checkoutView(paid.invoice, linkBase, null);
  }

  const invoice = await client.$transaction((tx) => writeInvoice(tx, shopId, gateway, input), LOCKING_TRANSACTION);
  // no gateway yet: the buyer chooses one on the buyer's page (./choose-gateway.ts), which starts the payment then
  const url = gateway ? await startPayment(client, shop, gateway, invoice) : null;
  return checkoutView(invoice, linkBase, url);
}

/** What the checkout and the buyer's choice of gateway read of the shop. */
export const CHECKOUT_SHOP_SELECT = {
  id: true,
  name: true,
  currency: true,
  bitcoin_address: true,
  litecoin_address: true,
  cardproc_api_key: true,
  valid_payment_methods: true,
} as const;

export type CheckoutShop = GatewayShop & { valid_payment_methods: string[] };

/**
 * Starts the gateway's payment of a committed pending invoice, outside any
 * transaction (the processor is called over the network). If it cannot, the
 * invoice is `failed` and the answer is 502. Answers the gateway's own
 * payment page, if it has one.
 */
export async function startPayment(client: PrismaClient, shop: GatewayShop, gateway: PaymentGateway, invoice: GatewayInvoice) {
  let started;
  try {
    started = await gateway.start(shop, invoice);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await client.invoice.update({ where: { id: invoice.id }, data: { status: "failed" } });
    console.error(`checkout ${invoice.unique_id}: ${gateway.code} refused or unreachable: ${error.message}`);
    throw new ApiError({ status: 502, message: "The payment processor could not start the payment. Try again." });
  }
  const { url, ...fields } = started;
  if (url || Object.keys(fields).length) await client.invoice.update({ where: { id: invoice.id }, data: { ...fields, payment_url: url } });
  return url;
}

function checkoutView(invoice: Created, linkBase: string, url: string | null): CheckoutView {
  return {
    success: true,
    invoice_id: invoice.id,
    unique_id: invoice.unique_id,
    invoice_url: `${linkBase}/invoice/${invoice.unique_id}`,
    url,
  };
}

function chooseGateway(shop: CheckoutShop, requested: string): PaymentGateway {
  const code = requested.toUpperCase();
  // store credit needs no setting: every shop takes it when the buyer's balance covers the total
  if (code === CUSTOMER_BALANCE) return customerBalanceGateway;
  const gateway = shopGateway(shop, code);
  if (typeof gateway === "string") throw validationFailed({ gateway: [gateway] });
  return gateway;
}

/** The shop's gateway of this (upper-case) code a checkout can start, or why not. CUSTOMERBALANCE is not one of them. */
export function shopGateway(shop: CheckoutShop, code: string): PaymentGateway | string {
  if (!shop.valid_payment_methods.some((method) => method.toUpperCase() === code))
    return "The selected gateway is not one of the shop's payment methods.";
  const gateway = gatewayOf(code);
  if (!gateway || gateway === customerBalanceGateway) return "The selected gateway is not supported for checkout.";
  return gateway.unavailable(shop) ?? gateway;
}

/** What a cart's price depends on: the same for the checkout and the storefront's live price. */
export type CartToPrice = Pick<CheckoutInput, "cart" | "coupon"> &
  Partial<Pick<CheckoutInput, "is_vpn" | "proxy">> & { email: string | null; gateway: string | null };

/**
 * The cart priced exactly as a checkout prices it: every line checked
 * (loadCart), the coupon checked and held for this transaction, the shop's
 * running promotions, lib/pricing's calculator with the gateway's payment
 * method fee when a gateway is named. The storefront's cart page shows this
 * answer; the checkout writes it.
 */
export async function priceCheckoutCart(tx: Db, shopId: number, input: CartToPrice) {
  const variants = await loadCart(tx, shopId, input);
  const productIds = [...new Set(input.cart.map((line) => line.productId))];
  const coupon = input.coupon ? await holdCoupon(tx, shopId, input.coupon, input.email, productIds) : null;
  const lines = input.cart.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    unitPrice: variants.get(line.variantId)!.price,
    quantity: line.quantity,
  }));
  const now = new Date();
  const promotions = await loadActivePromotions(tx, shopId, productIds, now);
  const volumeDiscounts = await loadVolumeDiscounts(tx, shopId, productIds);
  const terms = input.gateway ? await paymentTermsOf(tx, shopId, input.gateway.toUpperCase()) : null;
  const price = calculateCartPrice({ lines, coupon: coupon?.rule, promotions, now, volumeDiscounts, feePercent: terms?.fee_percent });
  const refusal = coupon ? refusalAfterPricing(coupon.terms, price) : null;
  if (refusal) throw validationFailed({ coupon: [refusal] });
  return { variants, productIds, coupon, price, terms };
}

/** Why the gateway does not take an order of this total, its fee included (its payment method's bounds), or null. */
export function amountRefusal(gateway: PaymentGateway, bounds: PaymentTerms, total: Money): string | null {
  if (bounds?.min_amount && total.lessThan(bounds.min_amount))
    return `${gateway.code} takes orders of at least ${moneyString(bounds.min_amount)}.`;
  if (bounds?.max_amount && total.greaterThan(bounds.max_amount))
    return `${gateway.code} takes orders of at most ${moneyString(bounds.max_amount)}.`;
  return null;
}

async function writeInvoice(tx: Db, shopId: number, gateway: PaymentGateway | null, input: CheckoutInput): Promise<Created> {
  const { variants, productIds, coupon, price, terms } = await priceCheckoutCart(tx, shopId, { ...input, gateway: gateway?.code ?? null });
  // The priced total outside the gateway's bounds is 422 on `gateway`: the buyer may pick another one.
  const outOfBounds = gateway ? amountRefusal(gateway, terms, price.total) : null;
  if (outOfBounds) throw validationFailed({ gateway: [outOfBounds] });
  const answers = await checkCustomFields(tx, shopId, productIds, input.custom_fields ?? {});
  const customer = await findOrCreateCustomer(tx, shopId, input.email, {
    discord_user_id: input.discord_user_id,
    newsletter: input.newsletter,
  });
  const affiliate = await findAffiliate(tx, shopId, input.affiliate);
  return writePendingInvoice(tx, {
    shopId,
    price,
    variantAt: (index) => variants.get(input.cart[index]!.variantId)!,
    email: input.email,
    gateway: gateway?.code ?? null,
    manual: false,
    couponId: coupon?.id ?? null,
    customerId: customer.id,
    answers,
    extra: {
      affiliate_id: affiliate,
      ip: input.ip ?? null,
      user_agent: input.user_agent ?? null,
      discord_user_id: input.discord_user_id ?? null,
      // the client's Discord tokens are credentials to the buyer's account: encrypted at rest like the shop's secrets
      discord_access_token: encryptOptional(input.discord_access_token),
      discord_refresh_token: encryptOptional(input.discord_refresh_token),
    },
  });
}

/** Whether a product may be paid with this gateway (upper-case code): on its allow-list when it has one, and not disabled. */
export function gatewayAllowed(product: { payment_methods: string[]; disabled_payment_methods: string[] }, gateway: string): boolean {
  const named = (methods: string[]) => methods.some((method) => method.toUpperCase() === gateway);
  if (product.payment_methods.length && !named(product.payment_methods)) return false;
  return !named(product.disabled_payment_methods);
}

/** Each line: a live variant of that live product of the shop, for sale, within its quantity bounds and stock, one currency. */
async function loadCart(tx: Db, shopId: number, input: CartToPrice) {
  const ids = [...new Set(input.cart.map((line) => line.variantId))];
  const rows = await tx.variant.findMany({
    where: { id: { in: ids }, shop_id: shopId, deleted_at: null, product: { shop_id: shopId, deleted_at: null } },
    select: {
      id: true,
      name: true,
      price: true,
      product_id: true,
      service_stock: true,
      unsold_serials: true,
      product: {
        select: {
          name: true,
          currency: true,
          visibility: true,
          quantity_min: true,
          quantity_max: true,
          deliverables_type: true,
          payment_methods: true,
          disabled_payment_methods: true,
          block_vpn: true,
        },
      },
    },
  });
  const variants = new Map(rows.map((row) => [row.id, row]));
  const errors: FieldErrors = {};
  const currency = variants.get(input.cart[0]!.variantId)?.product.currency;
  const gateway = input.gateway?.toUpperCase() ?? null;
  const vpn = input.is_vpn === true || input.proxy === true;
  // Units asked of each variant over the whole cart: two lines of one variant share its stock.
  const asked = new Map<number, number>();
  for (const line of input.cart) asked.set(line.variantId, (asked.get(line.variantId) ?? 0) + line.quantity);
  input.cart.forEach((line, index) => {
    const at = (field: string, message: string) => (errors[`cart.${index}.${field}`] ??= []).push(message);
    const variant = variants.get(line.variantId);
    if (!variant || variant.product_id !== line.productId) {
      at(
        variant ? "variantId" : "productId",
        variant ? "The variant is not a variant of this product." : "The selected product or variant is invalid.",
      );
      return;
    }
    const product = variant.product;
    const notForSale = NOT_FOR_SALE[product.visibility];
    if (notForSale) return at("productId", notForSale);
    if (currency && product.currency !== currency) return at("productId", `All items must be priced in one currency (${currency}).`);
    // `payment_methods` (when not empty) lists the only gateways allowed; `disabled_payment_methods` the ones refused
    if (gateway && !gatewayAllowed(product, gateway)) at("productId", "This product cannot be paid with the selected gateway.");
    if (vpn && product.block_vpn) at("productId", "This product cannot be bought through a VPN or proxy.");
    if (product.quantity_min !== null && line.quantity < product.quantity_min)
      at("quantity", `The quantity must be at least ${product.quantity_min}.`);
    if (product.quantity_max !== null && line.quantity > product.quantity_max)
      at("quantity", `The quantity may not be greater than ${product.quantity_max}.`);
    const stock = unitsOfVariant(product.deliverables_type, variant);
    if (stock !== UNLIMITED_STOCK && asked.get(variant.id)! > stock) {
      at("quantity", stock === 0 ? "This variant is out of stock." : `Only ${stock} left in stock.`);
    }
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return variants;
}

type Answer = { id: number; value: string };

/**
 * The custom fields of the cart's products: answers keyed by the field's id
 * or name; a required one left empty is 422 on `custom_fields.<name>`, an
 * answer to a field the products do not ask is 422 on its key.
 */
async function checkCustomFields(tx: Db, shopId: number, productIds: number[], given: Record<string, string>): Promise<Answer[]> {
  const fields = await tx.customField.findMany({
    where: { shop_id: shopId, attachments: { some: { morphable_type: "product", morphable_id: { in: productIds } } } },
    select: { id: true, name: true, is_required: true, default_value: true, regex: true },
    orderBy: { id: "asc" },
  });
  const errors: FieldErrors = {};
  const answers: Answer[] = [];
  const used = new Set<string>();
  for (const field of fields) {
    const key = [String(field.id), field.name].find((candidate) => candidate in given);
    const value = (key === undefined ? "" : given[key]!.trim()) || (field.default_value ?? "");
    if (key !== undefined) used.add(key);
    if (value && field.regex && !compilePattern(field.regex, { caseSensitive: true }).matcher(value).find())
      errors[`custom_fields.${field.name}`] = [`The ${field.name} field format is invalid.`];
    else if (value) answers.push({ id: field.id, value });
    else if (field.is_required) errors[`custom_fields.${field.name}`] = [`The ${field.name} field is required.`];
  }
  for (const key of Object.keys(given)) if (!used.has(key)) errors[`custom_fields.${key}`] = ["The products of this cart do not ask this."];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return answers;
}

/** `affiliate`: the referring affiliate's id in this shop; an unknown one is ignored (a stale link must not stop a sale). */
async function findAffiliate(tx: Db, shopId: number, code: string | undefined): Promise<number | null> {
  if (!code || !/^\d{1,9}$/.test(code)) return null;
  const affiliate = await tx.affiliate.findFirst({ where: { id: Number(code), shop_id: shopId }, select: { id: true } });
  return affiliate?.id ?? null;
}
