import type { Db, PrismaClient } from "../db";
import { notFound, stateConflict, validationFailed } from "../api/errors";
import { hitRateLimit } from "../api/rate-limit";
import { METHOD_ORDER } from "../payment-methods/derive";
import { CUSTOMER_BALANCE } from "../payments/balance-gateway";
import type { PaymentGateway } from "../payments/gateway";
import { moneyString, type Money } from "../money";
import { toUsd } from "../invoices/pricing";
import { withGatewayFee } from "../pricing/calculator";
import { buyerInvoice } from "./buyer-view";
import { amountRefusal, CHECKOUT_SHOP_SELECT, gatewayAllowed, shopGateway, startPayment, type CheckoutShop } from "./create";
import type { BuyerInvoiceView, ChooseGatewayInput, GatewayChoice } from "./schemas";

/** Choices one client address may send in the window: a buyer chooses once per order, so this only slows a scan. */
export const GATEWAY_CHOICE_LIMIT_PER_CLIENT = 30;
const CLIENT_WINDOW_SECONDS = 600;

/**
 * Store credit is never offered on the buyer's page: it spends a customer's
 * balance, and the page proves only that its visitor holds the invoice's
 * link, not that they are the customer of the invoice's e-mail.
 */
const NO_STORE_CREDIT = "Store credit cannot be chosen here: only the seller's checkout can spend it.";

/** What the choice reads of an invoice: its products' gateway rules and its total (no gateway yet: no fee in it). */
export const CHOOSING_SELECT = {
  shop_id: true,
  price: true,
  currency: true,
  items: { select: { product: { select: { payment_methods: true, disabled_payment_methods: true } } } },
} as const;

type ChoosingInvoice = {
  shop_id: number;
  price: Money;
  currency: string;
  items: { product: { payment_methods: string[]; disabled_payment_methods: string[] } | null }[];
};

type Method = {
  gateway: string;
  display_name: string | null;
  min_amount: Money | null;
  max_amount: Money | null;
  fee_percent: Money | null;
};

function enabledMethods(db: Db, shopId: number): Promise<Method[]> {
  return db.paymentMethod.findMany({
    where: { shop_id: shopId, enabled: true },
    orderBy: METHOD_ORDER,
    select: { gateway: true, display_name: true, min_amount: true, max_amount: true, fee_percent: true },
  });
}

/** The invoice's total paid with this method: the checkout's step 5 (lib/pricing/calculator.ts) on the total it wrote. */
function totalWith(invoice: ChoosingInvoice, method: Method | undefined): Money {
  return withGatewayFee(invoice.price, method?.fee_percent);
}

/**
 * The checkout's own rules for a gateway: one of the shop's payment methods
 * with its settings (shopGateway), allowed by every product of the order
 * (gatewayAllowed; a product deleted since is no longer asked), and the
 * total with the method's fee within the method's bounds. The gateway, or why not.
 */
function gatewayFor(shop: CheckoutShop, invoice: ChoosingInvoice, code: string, method: Method | undefined): PaymentGateway | string {
  if (code === CUSTOMER_BALANCE) return NO_STORE_CREDIT;
  const gateway = shopGateway(shop, code);
  if (typeof gateway === "string") return gateway;
  if (!method) return "The selected gateway is not one of the shop's payment methods.";
  if (invoice.items.some((item) => item.product && !gatewayAllowed(item.product, code)))
    return "A product of this order cannot be paid with the selected gateway.";
  return amountRefusal(gateway, method, totalWith(invoice, method)) ?? gateway;
}

/** What the buyer's page offers an invoice without a gateway: the methods the choice would take, in the shop's order. */
export async function gatewayChoices(db: Db, shop: CheckoutShop, invoice: ChoosingInvoice): Promise<GatewayChoice[]> {
  const methods = await enabledMethods(db, invoice.shop_id);
  return methods.flatMap((method) => {
    const gateway = gatewayFor(shop, invoice, method.gateway.toUpperCase(), method);
    if (typeof gateway === "string") return [];
    const total = totalWith(invoice, method);
    return [
      {
        gateway: gateway.code,
        name: method.display_name ?? gateway.name,
        total: moneyString(total),
        gateway_fee: moneyString(total.minus(invoice.price)),
      },
    ];
  });
}

/**
 * POST /v1/buyer/invoices/{uniqueId}/gateway: the buyer of a pending
 * invoice made without a gateway chooses one, once. The choice follows the
 * checkout's rules (422 on `gateway`); an invoice already given one or no
 * longer pending is 422 on `status`. The gateway is set by a conditional
 * update (pending, still none), so two concurrent choices cannot both win;
 * the same update adds the method's fee (or discount) to the total, as the
 * checkout would have. The payment starts after it as the checkout's does
 * (card processor: its page; crypto: the quote on the buyer's view). Answers
 * the buyer's view.
 */
export async function chooseInvoiceGateway(
  client: PrismaClient,
  uniqueId: string | null,
  input: ChooseGatewayInput,
  clientIp: string,
): Promise<BuyerInvoiceView> {
  if (uniqueId === null) throw notFound("Invoice");
  await hitRateLimit(client, `gateway-choice:client:${clientIp}`, GATEWAY_CHOICE_LIMIT_PER_CLIENT, CLIENT_WINDOW_SECONDS);
  const invoice = await client.invoice.findUnique({
    where: { unique_id: uniqueId },
    select: {
      id: true,
      unique_id: true,
      status: true,
      gateway: true,
      reseller_id: true,
      email: true,
      ...CHOOSING_SELECT,
      shop: { select: CHECKOUT_SHOP_SELECT },
    },
  });
  if (!invoice || invoice.reseller_id !== null) throw notFound("Invoice");
  if (invoice.gateway !== null) throw stateConflict("This order's payment method is already chosen.");
  if (invoice.status !== "pending") throw stateConflict("This order is no longer waiting for payment.");

  const code = input.gateway.toUpperCase();
  const methods = await enabledMethods(client, invoice.shop_id);
  const method = methods.find((candidate) => candidate.gateway.toUpperCase() === code);
  const gateway = gatewayFor(invoice.shop, invoice, code, method);
  if (typeof gateway === "string") throw validationFailed({ gateway: [gateway] });

  const price = totalWith(invoice, method);
  const { count } = await client.invoice.updateMany({
    where: { id: invoice.id, status: "pending", gateway: null },
    data: { gateway: gateway.code, price, price_usd: toUsd(price, invoice.currency), gateway_fee: price.minus(invoice.price) },
  });
  if (count !== 1) throw stateConflict("This order's payment method is already chosen.");
  await startPayment(client, invoice.shop, gateway, { ...invoice, price });
  return buyerInvoice(client, uniqueId);
}
