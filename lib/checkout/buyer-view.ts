import type { Db } from "../db";
import { notFound } from "../api/errors";
import { sanitizeSellerHtml } from "../html/seller-html";
import { coinString, Decimal, moneyString } from "../money";
import { currentQuote, type QuotedInvoice } from "../payments/crypto-quote";
import { COINS, isCoin, paymentUri } from "../payments/crypto";
import { gatewayOf } from "../payments/gateways";
import type { PaymentGateway } from "../payments/gateway";
import { gatewayChoices } from "./choose-gateway";
import { CHECKOUT_SHOP_SELECT } from "./create";
import type { Coin } from "../payments/rates";
import { buyerFeedbackOf, couponItemsSelect, feedbackClosesAt } from "../feedback/feedback";
import { buyerTicketsOf } from "../tickets/buyer";
import type { BuyerInvoiceView } from "./schemas";

const ZERO = new Decimal(0);

/**
 * The buyer's page of an invoice, found by its unguessable `unique_id` (96
 * random bits): what was bought, each discount, how to pay, the status, and
 * once completed the delivered keys. Nothing of the seller beyond the
 * shop's name: no ids, notes, customer or affiliate records, other orders.
 * Reseller invoices are not buyers' orders and have no such page.
 * A pending BTC/LTC invoice gets its amount in the coin here, quoted for a
 * window and quoted again once it lapses (lib/payments/crypto-quote.ts).
 * A pending invoice without a gateway lists the methods its buyer may
 * choose (./choose-gateway.ts).
 */
export async function buyerInvoice(db: Db, uniqueId: string | null): Promise<BuyerInvoiceView> {
  if (uniqueId === null) throw notFound("Invoice");
  const invoice = await db.invoice.findUnique({
    where: { unique_id: uniqueId },
    select: {
      id: true,
      unique_id: true,
      status: true,
      email: true,
      currency: true,
      price: true,
      gateway_fee: true,
      gateway: true,
      crypto_address: true,
      crypto_amount: true,
      crypto_coin_amount: true,
      crypto_rate: true,
      crypto_quote_expires_at: true,
      payment_url: true,
      reseller_id: true,
      created_at: true,
      completed_at: true,
      shop_id: true,
      shop: { select: { ...CHECKOUT_SHOP_SELECT, feedback_window_days: true } },
      coupon: { select: { code: true } },
      feedback: true,
      items: {
        orderBy: { id: "asc" },
        select: {
          product_name: true,
          variant_name: true,
          quantity: true,
          unit_price: true,
          total_price: true,
          delivered: true,
          status: true,
          product: {
            select: {
              payment_methods: true,
              disabled_payment_methods: true,
              instructions: true,
              redirect_url: true,
              deliverables_label: true,
              ...couponItemsSelect.select.product.select,
            },
          },
        },
      },
    },
  });
  if (!invoice || invoice.reseller_id !== null) throw notFound("Invoice");
  const completed = invoice.status === "completed";
  const items = invoice.items.map((item) => {
    const subtotal = new Decimal(item.unit_price).mul(item.quantity);
    return {
      product_name: item.product_name,
      variant_name: item.variant_name,
      quantity: item.quantity,
      unit_price: moneyString(item.unit_price),
      subtotal: moneyString(subtotal),
      discount: moneyString(subtotal.minus(item.total_price)),
      total: moneyString(item.total_price),
      delivered: completed ? item.delivered : [],
      // seller HTML, shown only once paid; sanitised again for rows written before the sanitiser
      instructions: completed && item.product?.instructions ? sanitizeSellerHtml(item.product.instructions) || null : null,
      deliverables_label: item.product?.deliverables_label ?? null,
      status: item.status,
    };
  });
  const subtotal = invoice.items.reduce((sum, item) => sum.plus(new Decimal(item.unit_price).mul(item.quantity)), ZERO);
  const afterPromotions = invoice.items.reduce((sum, item) => sum.plus(item.total_price), ZERO);
  const chosen = invoice.gateway;
  const gateway = chosen === null ? null : gatewayOf(chosen);
  const kind = chosen === null ? null : (gateway?.kind ?? "manual");
  const pending = invoice.status === "pending";
  const coin = kind === "crypto" && chosen !== null && isCoin(chosen) ? chosen : null;
  const choices = pending && chosen === null ? await gatewayChoices(db, invoice.shop, invoice) : [];
  const coinPayment = coin && pending ? await quotedPayment(db, invoice, coin, invoice.crypto_address) : unquoted;
  const closes = completed && !invoice.feedback ? feedbackClosesAt(invoice.completed_at, invoice.shop.feedback_window_days) : null;
  return {
    unique_id: invoice.unique_id,
    shop_name: invoice.shop.name,
    status: invoice.status,
    email: invoice.email,
    currency: invoice.currency,
    subtotal: moneyString(subtotal),
    promotion_discount: moneyString(subtotal.minus(afterPromotions)),
    coupon_code: invoice.coupon?.code ?? null,
    coupon_discount: moneyString(Decimal.max(afterPromotions.minus(invoice.price.minus(invoice.gateway_fee)), ZERO)),
    gateway_fee: moneyString(invoice.gateway_fee),
    total: moneyString(invoice.price),
    created_at: invoice.created_at.toISOString(),
    completed_at: invoice.completed_at?.toISOString() ?? null,
    items,
    redirect_url: completed ? (invoice.items.find((item) => item.product?.redirect_url)?.product?.redirect_url ?? null) : null,
    payment: {
      gateway: chosen,
      kind,
      choices,
      url: pending && kind === "card" ? invoice.payment_url : null,
      address: kind === "crypto" ? invoice.crypto_address : null,
      amount: kind === "crypto" ? invoice.crypto_amount : null,
      coin,
      coin_amount: coinPayment.coin_amount,
      rate: coinPayment.rate,
      quote_expires_at: coinPayment.quote_expires_at,
      payment_uri: coinPayment.payment_uri,
      note: pending ? (coinPayment.note ?? pendingNote(gateway, chosen === null, choices.length)) : statusNote(invoice.status),
    },
    feedback: invoice.feedback ? buyerFeedbackOf(invoice.feedback, invoice.items) : null,
    feedback_closes_at: closes && closes.getTime() > Date.now() ? closes.toISOString() : null,
    tickets: await buyerTicketsOf(db, invoice.id),
  };
}

type CoinPayment = Pick<BuyerInvoiceView["payment"], "coin_amount" | "rate" | "quote_expires_at" | "payment_uri"> & {
  /** Why there is no amount in the coin; null: the gateway's own note applies. */
  note: string | null;
};

const unquoted: CoinPayment = { coin_amount: null, rate: null, quote_expires_at: null, payment_uri: null, note: null };

/** The amount in the coin of a pending crypto invoice, or a note saying why the buyer cannot have one now. */
async function quotedPayment(db: Db, invoice: QuotedInvoice, coin: Coin, address: string | null): Promise<CoinPayment> {
  const { name } = COINS[coin];
  if (!address) return { ...unquoted, note: `The shop has no ${name} address for this order. Contact the seller to pay another way.` };
  const result = await currentQuote(db, invoice, coin);
  if (result.ok) {
    const coinAmount = coinString(result.quote.coin_amount);
    return {
      coin_amount: coinAmount,
      rate: coinString(result.quote.rate),
      quote_expires_at: result.quote.expires_at.toISOString(),
      payment_uri: paymentUri(coin, address, coinAmount),
      note: null,
    };
  }
  switch (result.reason) {
    case "unavailable":
      return {
        ...unquoted,
        note: `The ${name} exchange rate cannot be fetched right now, so the amount in ${coin} is not known yet. This page tries again by itself; do not send a payment before an amount shows.`,
      };
    case "unsupported":
      return {
        ...unquoted,
        note: `Paying in ${name} is not available for orders in ${invoice.currency}: there is no ${coin} rate for ${invoice.currency}. Contact the seller to pay another way.`,
      };
    case "changed":
      return unquoted;
  }
}

function pendingNote(gateway: PaymentGateway | null, unchosen: boolean, choices: number): string {
  if (!unchosen) return gateway?.note ?? "Pay as the seller instructed you.";
  return choices ? "Choose how to pay." : "None of the shop's payment methods can take this order now. Contact the seller to pay.";
}

function statusNote(status: string): string {
  switch (status) {
    case "completed":
      return "Paid. Your items are below.";
    case "refunded":
      return "This order was refunded.";
    case "cancelled":
      return "This order was cancelled.";
    default:
      return "This order was not paid.";
  }
}
