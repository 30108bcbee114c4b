import type { Db } from "../db";
import { notFound, stateConflict } from "../api/errors";
import type { BulkBanCustomersInput, BulkBanResult, CreateCustomerInput, UpdateCustomerInput } from "./schemas";
import { serializeCustomer } from "./serialize";
import { customerTotals, NO_TOTALS } from "./totals";

/** POST /v1/shops/{shopId}/customers. A taken email is 422 on `email` (the unique index decides a race). */
export async function createCustomer(db: Db, shopId: number, input: CreateCustomerInput) {
  const customer = await db.customer.create({ data: { shop_id: shopId, email: input.email, banned: input.banned ?? false } });
  return serializeCustomer(customer, NO_TOTALS);
}

/** PUT /v1/shops/{shopId}/customers/{customerId}: only the fields sent change. */
export async function updateCustomer(db: Db, shopId: number, customerId: number, input: UpdateCustomerInput) {
  const { count } = await db.customer.updateMany({
    where: { id: customerId, shop_id: shopId },
    data: { ...(input.email !== undefined ? { email: input.email } : {}), ...(input.banned !== undefined ? { banned: input.banned } : {}) },
  });
  if (!count) throw notFound("Customer");
  const customer = await db.customer.findFirstOrThrow({ where: { id: customerId, shop_id: shopId } });
  const totals = await customerTotals(db, shopId, [customerId]);
  return serializeCustomer(customer, totals.get(customerId) ?? NO_TOTALS);
}

/**
 * DELETE /v1/shops/{shopId}/customers/{customerId}. Invoices are the shop's
 * history and stay: they keep their email and lose the link (`customer_id`
 * becomes null, by the foreign key's ON DELETE SET NULL). Subscriptions and
 * an affiliate account belong to the customer and would be deleted with
 * them, so a customer who has either is refused (422); ban them instead.
 * The check and the delete are one statement, so a subscription created
 * between them cannot be lost.
 */
export async function deleteCustomer(db: Db, shopId: number, customerId: number) {
  const deleted = await db.$queryRaw<{ id: number }[]>`
    DELETE FROM customers c WHERE c.id = ${customerId} AND c.shop_id = ${shopId}
      AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.customer_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM affiliates a WHERE a.customer_id = c.id)
    RETURNING c.id`;
  if (deleted.length) return { message: "Customer deleted." };
  const exists = await db.customer.findFirst({ where: { id: customerId, shop_id: shopId }, select: { id: true } });
  if (!exists) throw notFound("Customer");
  throw stateConflict("The customer has subscriptions or an affiliate account and cannot be deleted; ban them instead.");
}

/** PUT /v1/shops/{shopId}/customers/bulk-update/ban: ids of other shops (or none) are left alone and not counted. */
export async function bulkBanCustomers(db: Db, shopId: number, input: BulkBanCustomersInput): Promise<BulkBanResult> {
  const banned = input.banned ?? true;
  const { count } = await db.customer.updateMany({ where: { shop_id: shopId, id: { in: [...new Set(input.ids)] } }, data: { banned } });
  return { message: banned ? `${count} customers banned.` : `${count} customers unbanned.`, updated: count };
}
