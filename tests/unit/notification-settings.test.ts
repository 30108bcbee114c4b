import { expect, test } from "vitest";
import { notificationSettingsSchema } from "../../lib/notifications/schemas";
import "../../lib/validation/messages";

test("settings accept the bare map and the wrapped shape, partial per channel", () => {
  expect(notificationSettingsSchema.parse({ stock_low: { email: true } })).toEqual({ stock_low: { email: true } });
  expect(notificationSettingsSchema.parse({ settings: { stock_low: { dashboard: "false" } } })).toEqual({
    stock_low: { dashboard: false },
  });
  expect(notificationSettingsSchema.parse({})).toEqual({});
});

test("unknown events, unknown channels and non-booleans are refused on their dotted path", () => {
  const result = notificationSettingsSchema.safeParse({ nope: {}, stock_low: { sms: true, email: "x" }, reseller_order: 1 });
  expect(result.success).toBe(false);
  const paths = result.error!.issues.map((issue) => issue.path.join("."));
  expect(paths.sort()).toEqual(["nope", "reseller_order", "stock_low.email", "stock_low.sms"]);
});
