import { notFound, stateConflict } from "../api/errors";
import { getCustomer } from "./queries";
import { execute, Prisma, query, type Db } from "../db";
import type {
  BulkBanCustomersInput,
  BulkBanResult,
  BulkTagCustomersInput,
  BulkTagResult,
  CreateCustomerInput,
  UpdateCustomerInput,
} from "./schemas";
import { MAX_TAGS } from "./schemas";
import { serializeCustomer } from "./serialize";
import { NO_TOTALS } from "./totals";

/** POST /v1/shops/{shopId}/customers. A taken email is 422 on `email` (the unique index decides a race). */
export async function createCustomer(db: Db, shopId: number, input: CreateCustomerInput) {
  const customer = await db.customer.create({
    data: { shop_id: shopId, email: input.email, banned: input.banned ?? false, ...detailColumns(input) },
  });
  return serializeCustomer(customer, NO_TOTALS);
}

/**
 * PUT /v1/shops/{shopId}/customers/{customerId}: only the fields sent change.
 * `updateMany` counts 0 when its data is empty (Prisma sends no UPDATE), so
 * the count cannot tell a missing customer from a body that names no stored
 * field: the read that follows decides the 404.
 */
export async function updateCustomer(db: Db, shopId: number, customerId: number, input: UpdateCustomerInput) {
  await db.customer.updateMany({
    where: { id: customerId, shop_id: shopId },
    data: {
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.banned !== undefined ? { banned: input.banned } : {}),
      ...detailColumns(input),
    },
  });
  return getCustomer(db, shopId, customerId);
}

/** The seller's fields that were sent: null clears `username` and `note`. */
function detailColumns(input: Pick<UpdateCustomerInput, "username" | "note" | "tags">) {
  return {
    ...(input.username !== undefined ? { username: input.username || null } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    ...(input.tags !== undefined ? { tags: input.tags } : {}),
  };
}

/**
 * DELETE /v1/shops/{shopId}/customers/{customerId}. Invoices are the shop's
 * history and stay: they keep their email and lose the link (`customer_id`
 * becomes null, by the foreign key's ON DELETE SET NULL). Subscriptions and
 * an affiliate account belong to the customer and would be deleted with
 * them, and store credit is money the buyer holds, so a customer who has
 * any of them is refused (422); ban them instead.
 * The check and the delete are one statement, so a subscription created
 * between them cannot be lost.
 */
export async function deleteCustomer(db: Db, shopId: number, customerId: number) {
  const deleted = await query<{ id: number }>(
    db,
    Prisma.sql`
    DELETE FROM customers c WHERE c.id = ${customerId} AND c.shop_id = ${shopId} AND c.balance = 0
      AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.customer_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM affiliates a WHERE a.customer_id = c.id)
    RETURNING c.id`,
  );
  if (deleted.length) return { message: "Customer deleted." };
  const exists = await db.customer.findFirst({ where: { id: customerId, shop_id: shopId }, select: { id: true } });
  if (!exists) throw notFound("Customer");
  throw stateConflict("The customer has subscriptions, an affiliate account or store credit and cannot be deleted; ban them instead.");
}

/** PUT /v1/shops/{shopId}/customers/bulk-update/ban: ids of other shops (or none) are left alone and not counted. */
export async function bulkBanCustomers(db: Db, shopId: number, input: BulkBanCustomersInput): Promise<BulkBanResult> {
  const banned = input.banned ?? true;
  const { count } = await db.customer.updateMany({ where: { shop_id: shopId, id: { in: [...new Set(input.ids)] } }, data: { banned } });
  return { message: banned ? `${count} customers banned.` : `${count} customers unbanned.`, updated: count };
}

/**
 * PUT /v1/shops/{shopId}/customers/bulk-update/tags: `add` then `remove`
 * on each of the shop's customers named, in one statement (concurrent
 * edits of one customer's tags cannot lose each other's). Tags keep their
 * first position; a customer keeps at most MAX_TAGS of them (the first).
 */
export async function bulkTagCustomers(db: Db, shopId: number, input: BulkTagCustomersInput): Promise<BulkTagResult> {
  const ids = [...new Set(input.customer_ids)];
  const count = await execute(
    db,
    Prisma.sql`
    UPDATE customers c SET updated_at = now(), tags = coalesce((
      SELECT (array_agg(t.tag ORDER BY t.position))[1:${MAX_TAGS}]
      FROM (SELECT u.tag, min(u.position) AS position
            FROM unnest(c.tags || ${input.add}::text[]) WITH ORDINALITY AS u(tag, position)
            WHERE NOT (u.tag = ANY(${input.remove}::text[]))
            GROUP BY u.tag) t
    ), ARRAY[]::text[])
    WHERE c.shop_id = ${shopId} AND c.id IN (${Prisma.join(ids)})`,
  );
  return { message: `${count} customers updated.`, updated: count };
}
