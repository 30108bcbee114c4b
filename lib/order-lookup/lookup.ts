import { Prisma, query, type Db, type PrismaClient } from "../db";
import { ApiError } from "../api/errors";
import { hitRateLimit } from "../api/rate-limit";
import { randomToken, sha256 } from "../crypto/tokens";
import { renderNoOrdersEmail, renderOrderLookupEmail } from "../mail/order-lookup";
import { mailShopFrom, mailShopSelect } from "../mail/shop";
import { moneyString } from "../money";
import { enqueueEmail } from "../outbox/enqueue";
import { orderLookupPath, storefrontUrl } from "../storefront/paths";
import type { OpenedOrderLookupView, OrderLookupAcceptedView } from "./schemas";

/**
 * "Find my orders": a buyer asks for their orders in one shop by e-mail and
 * gets a link that lists them. No account, no password: holding the mailbox
 * is the proof. The link is single use and lapses after an hour; only its
 * hash is stored.
 */

export const LINK_LIFETIME_MS = 60 * 60_000;
/** Requests one client address may make per ten minutes (a buyer retyping, not a script walking addresses). */
export const LOOKUP_LIMIT_PER_CLIENT = 10;
const CLIENT_WINDOW_SECONDS = 600;
/** E-mails one mailbox may be sent per hour, whatever the shop or client asking: nobody can flood an inbox through this form. */
export const LOOKUP_LIMIT_PER_RECIPIENT = 3;
const RECIPIENT_WINDOW_SECONDS = 3600;
/** The most orders one opened link lists (newest first). */
export const MAX_LISTED_ORDERS = 100;

const ACCEPTED: OrderLookupAcceptedView = {
  message: "If this address has orders in this shop, a link to them is on its way. Check your inbox.",
};

/** Addresses are compared as the buyer's mailbox is: whatever the case it was typed in. */
const normalised = (email: string) => email.trim().toLowerCase();

/**
 * The buyer's invoices of this address in this shop, newest first. Raw SQL
 * because the match is on lower(email), which is what the index
 * (shop_id, lower(email), created_at DESC) of migration
 * 20261127150000_order_lookup serves; Prisma's insensitive `equals` would
 * compare with ILIKE and scan. Reseller invoices are the reseller's, not a
 * buyer's, and have no buyer's page.
 */
async function buyerInvoiceIds(db: Db, shopId: number, email: string, limit: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    Prisma.sql`
    SELECT "id" FROM "invoices"
    WHERE "shop_id" = ${shopId} AND lower("email") = ${email} AND "reseller_id" IS NULL
    ORDER BY "created_at" DESC, "id" DESC
    LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * POST /s/{subdomain}/api/orders. Always the same answer (202), so the form
 * tells nobody whether an address bought here. The address is sent one
 * e-mail either way: the link when it has orders here, else a note that it
 * has none (the buyer who used another address or shop learns it in their
 * own mailbox, and the work done is the same in both cases, so the answer's
 * timing tells nothing either). Limited per client address and per
 * recipient (429).
 */
export async function requestOrderLookup(
  client: PrismaClient,
  shopId: number,
  email: string,
  clientIp: string,
): Promise<OrderLookupAcceptedView> {
  const address = normalised(email);
  await hitRateLimit(client, `order-lookup:client:${clientIp}`, LOOKUP_LIMIT_PER_CLIENT, CLIENT_WINDOW_SECONDS);
  // hashed: the counters table need not hold buyers' addresses
  await hitRateLimit(client, `order-lookup:to:${sha256(address)}`, LOOKUP_LIMIT_PER_RECIPIENT, RECIPIENT_WINDOW_SECONDS);
  const now = new Date();
  await client.$transaction(async (tx) => {
    const shop = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: { ...mailShopSelect, subdomain: true } });
    const look = mailShopFrom(shop);
    const hasOrders = (await buyerInvoiceIds(tx, shopId, address, 1)).length > 0;
    let mail;
    if (hasOrders) {
      const token = randomToken("ol_");
      const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
      await tx.orderLookupToken.create({ data: { shop_id: shopId, email: address, token_hash: sha256(token), expires_at: expiresAt } });
      mail = await renderOrderLookupEmail({ shop: look, link: storefrontUrl(orderLookupPath(shop.subdomain, token)), expiresAt });
    } else {
      mail = await renderNoOrdersEmail({ shop: look, email: address, formUrl: storefrontUrl(orderLookupPath(shop.subdomain)) });
    }
    await enqueueEmail(tx, { shopId, to: address, kind: "order_lookup", ...mail });
    // links a day past their expiry are of no use to anyone
    await tx.orderLookupToken.deleteMany({ where: { expires_at: { lt: new Date(now.getTime() - 86_400_000) } } });
  });
  return ACCEPTED;
}

const linkRefused = () =>
  new ApiError({ status: 410, message: "This link has expired or was already used. Ask for a new one on the shop's Find my orders page." });

/**
 * POST /s/{subdomain}/api/orders/open: spends the link and lists its
 * orders. Spending is one conditional UPDATE (unused, unexpired, this
 * shop's), so two opens at once list once. A used, expired, unknown or
 * other shop's token gets the same 410. A plain GET of the link's page
 * spends nothing: mail scanners fetch links before the buyer does.
 */
export async function openOrderLookup(
  client: PrismaClient,
  shopId: number,
  token: string,
  pageBase: string,
): Promise<OpenedOrderLookupView> {
  const now = new Date();
  const [opened] = await client.orderLookupToken.updateManyAndReturn({
    where: { token_hash: sha256(token), shop_id: shopId, used_at: null, expires_at: { gt: now } },
    data: { used_at: now },
    select: { email: true },
  });
  if (!opened) throw linkRefused();
  const ids = await buyerInvoiceIds(client, shopId, opened.email, MAX_LISTED_ORDERS);
  const invoices = await client.invoice.findMany({
    where: { id: { in: ids } },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    select: {
      unique_id: true,
      created_at: true,
      status: true,
      price: true,
      currency: true,
      items: { orderBy: { id: "asc" }, select: { product_name: true, variant_name: true, quantity: true } },
    },
  });
  return {
    email: opened.email,
    orders: invoices.map((invoice) => ({
      unique_id: invoice.unique_id,
      url: `${pageBase}/invoice/${encodeURIComponent(invoice.unique_id)}`,
      created_at: invoice.created_at.toISOString(),
      status: invoice.status,
      total: moneyString(invoice.price),
      currency: invoice.currency,
      items: invoice.items,
    })),
  };
}
