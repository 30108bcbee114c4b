import { randomUUID } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { expect, test } from "../support/api";

/**
 * Concurrent duplicates: the unique index settles the race and the losers
 * get 422 on the field, as a request a moment later would, never 500.
 */

async function expectOneCreated(responses: APIResponse[], field: string) {
  const statuses = responses.map((response) => response.status());
  expect(
    statuses.filter((status) => status === 201),
    statuses.join(","),
  ).toHaveLength(1);
  for (const response of responses) {
    if (response.status() === 201) continue;
    expect(response.status(), await response.text()).toBe(422);
    expect((await response.json()).errors).toEqual({ [field]: [expect.any(String)] });
  }
}

test("10 simultaneous reseller applications with one new address: one created, the others 422 on email", async ({ anonymous, shopId }) => {
  const email = `applicant-${randomUUID()}@example.test`;
  const responses = await Promise.all(
    Array.from({ length: 10 }, () =>
      anonymous.post("/v1/reseller/apply", { data: { shop_id: shopId, email, password: "race-password-1", name: "Racer" } }),
    ),
  );
  await expectOneCreated(responses, "email");
});

test("10 simultaneous invites of one new address: one reseller, the others 422 on email", async ({ seller, shopId }) => {
  const email = `invitee-${randomUUID()}@example.test`;
  const responses = await Promise.all(Array.from({ length: 10 }, () => seller.post(`/v1/shops/${shopId}/resellers`, { data: { email } })));
  await expectOneCreated(responses, "email");
  const listed = await (await seller.get(`/v1/shops/${shopId}/resellers?email=${encodeURIComponent(email)}`)).json();
  expect(listed.data).toHaveLength(1);
});

test("10 simultaneous coupons with one code in different case: one created, the others 422 on code", async ({ seller, shopId }) => {
  const code = `RACE${randomUUID().slice(0, 8)}`;
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      seller.post(`/v1/shops/${shopId}/coupons`, {
        data: { code: i % 2 ? code : code.toLowerCase(), type: "fixed", discount: 1 },
      }),
    ),
  );
  await expectOneCreated(responses, "code");
});
