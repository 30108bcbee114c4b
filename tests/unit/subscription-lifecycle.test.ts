import { expect, test } from "vitest";
import { cancelRefusal, canMove, SUBSCRIPTION_STATUSES, TERMINAL_STATUSES } from "../../lib/subscriptions/lifecycle";

const now = new Date("2026-11-23T12:00:00Z");
const future = new Date("2026-12-01T00:00:00Z");
const past = new Date("2026-11-01T00:00:00Z");

test("terminal statuses lead nowhere; every live status can be cancelled", () => {
  for (const status of TERMINAL_STATUSES) {
    for (const to of SUBSCRIPTION_STATUSES) expect(canMove(status, to)).toBe(false);
  }
  for (const status of ["pending", "trialing", "active", "past_due"] as const) expect(canMove(status, "cancelled")).toBe(true);
  expect(canMove("active", "pending")).toBe(false);
});

test("an immediate cancel is refused only for cancelled and expired", () => {
  for (const status of SUBSCRIPTION_STATUSES) {
    const refusal = cancelRefusal({ status, current_period_end: future }, false, now);
    expect(refusal === null, status).toBe(!TERMINAL_STATUSES.includes(status));
  }
});

test("a cancel at period end needs a running trial or paid period", () => {
  expect(cancelRefusal({ status: "active", current_period_end: future }, true, now)).toBeNull();
  expect(cancelRefusal({ status: "trialing", current_period_end: future }, true, now)).toBeNull();
  expect(cancelRefusal({ status: "active", current_period_end: past }, true, now)).not.toBeNull();
  expect(cancelRefusal({ status: "active", current_period_end: null }, true, now)).not.toBeNull();
  expect(cancelRefusal({ status: "past_due", current_period_end: future }, true, now)).not.toBeNull();
  expect(cancelRefusal({ status: "pending", current_period_end: null }, true, now)).not.toBeNull();
  expect(cancelRefusal({ status: "cancelled", current_period_end: future }, true, now)).toBe("The subscription is already cancelled.");
});
