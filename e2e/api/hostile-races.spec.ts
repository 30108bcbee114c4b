import { randomUUID } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { expect, test } from "../support/api";
import { applicationTokenIn } from "../support/reseller-portal";
import { holdSmtpListener } from "../support/smtp";

/**
 * Concurrent duplicates: the unique index settles the race and the losers
 * get 422 on the field, as a request a moment later would, never 500.
 */

async function expectOneCreated(responses: APIResponse[], ...fields: string[]) {
  const statuses = responses.map((response) => response.status());
  expect(
    statuses.filter((status) => status === 201),
    statuses.join(","),
  ).toHaveLength(1);
  for (const response of responses) {
    if (response.status() === 201) continue;
    expect(response.status(), await response.text()).toBe(422);
    const errors = (await response.json()).errors;
    expect(Object.keys(errors)).toHaveLength(1);
    expect(fields).toContain(Object.keys(errors)[0]);
    expect(Object.values(errors)[0]).toEqual([expect.any(String)]);
  }
}

/**
 * An application's e-mailed link opened ten times at once (a double click, a
 * mail scanner and the person): it is spent by one conditional UPDATE, so one
 * account and one application are made, and the others are 422 on token, as a
 * second use a moment later is.
 */
test("10 simultaneous uses of one application link: one application, the others 422 on token", async ({ anonymous, shopId }) => {
  const email = `applicant-${randomUUID()}@example.test`;
  const smtp = await holdSmtpListener();
  try {
    const applied = await anonymous.post("/v1/reseller/apply", {
      data: { shop_id: shopId, email, password: "race-password-1", name: "Racer" },
    });
    expect(applied.status(), await applied.text()).toBe(202);
    const token = applicationTokenIn(await smtp.waitFor(email, (mail) => applicationTokenIn(mail) !== undefined, 30_000));
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => anonymous.post("/v1/reseller/apply/confirm", { data: { token } })),
    );
    await expectOneCreated(responses, "token");
  } finally {
    await smtp.close();
  }
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
