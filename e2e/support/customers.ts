import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./api";

/** Customers of a test's own: an address no other test's buyer has. */
export const uniqueEmail = (prefix = "cust") => `${prefix}-${randomBytes(5).toString("hex")}@example.test`;

export async function createCustomer(seller: APIRequestContext, shopId: number, data: Record<string, unknown> = {}) {
  const response = await seller.post(`/v1/shops/${shopId}/customers`, { data: { email: uniqueEmail(), ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** Credits (or with a negative amount debits) the customer's store credit; answers the response. */
export function changeBalance(seller: APIRequestContext, shopId: number, customerId: number, data: Record<string, unknown>) {
  return seller.post(`/v1/shops/${shopId}/customers/${customerId}/balance`, { data });
}
