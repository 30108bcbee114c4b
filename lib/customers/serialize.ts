import type { Customer } from "../generated/prisma/client";
import { moneyNumber, moneyString, type MoneyValue } from "../money";
import type { CustomerView } from "./schemas";

export type CustomerTotals = { invoices_count: number; total_spent: MoneyValue };

export function serializeCustomer(customer: Customer, totals: CustomerTotals): CustomerView {
  return {
    id: customer.id,
    shop_id: customer.shop_id,
    email: customer.email,
    banned: customer.banned ? 1 : 0,
    username: customer.username,
    discord_user_id: customer.discord_user_id,
    newsletter: customer.newsletter,
    newsletter_at: customer.newsletter_at?.toISOString() ?? null,
    note: customer.note,
    tags: customer.tags,
    balance: moneyNumber(customer.balance),
    invoices_count: totals.invoices_count,
    total_spent: moneyString(totals.total_spent),
    created_at: customer.created_at.toISOString(),
    updated_at: customer.updated_at.toISOString(),
  };
}
