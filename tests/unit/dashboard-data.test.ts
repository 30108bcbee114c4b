import { expect, test } from "vitest";
import { ApiRequestError } from "../../lib/client/api";
import { showApiErrors } from "../../lib/client/form-errors";
import { queryKeys } from "../../lib/client/query-keys";

/** Whether react-query's prefix matching makes `prefix` cover `key` (what invalidateQueries uses). */
const covers = (prefix: readonly unknown[], key: readonly unknown[]) =>
  JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix);

test("a resource's keys nest all → lists → list and all → details → detail, per shop", () => {
  const invoices = queryKeys.invoices("1");
  const list = invoices.list({ statuses: "completed" });
  expect(covers(invoices.lists(), list)).toBe(true);
  expect(covers(invoices.all, invoices.lists())).toBe(true);
  expect(covers(invoices.details(), invoices.detail(7))).toBe(true);
  expect(invoices.detail(7)).toEqual(invoices.detail("7"));
  expect(covers(invoices.lists(), invoices.detail(7))).toBe(false);
  expect(covers(queryKeys.invoices("2").all, list)).toBe(false);
});

test("the product pickers' key is neither a product list nor a detail, and a product's serials refetch with it", () => {
  const products = queryKeys.products("1");
  expect(covers(products.lists(), products.options())).toBe(false);
  expect(covers(products.details(), products.options())).toBe(false);
  expect(covers(products.all, products.options())).toBe(true);
  expect(covers(products.detail("5"), products.serials("5", 9))).toBe(true);
});

test("no two resources of a shop share a key prefix", () => {
  const resources = [
    queryKeys.invoices,
    queryKeys.stats,
    queryKeys.products,
    queryKeys.groups,
    queryKeys.customFields,
    queryKeys.images,
    queryKeys.themes,
    queryKeys.coupons,
    queryKeys.quantityDeals,
    queryKeys.bundleOffers,
    queryKeys.checkouts,
    queryKeys.subscriptions,
    queryKeys.notifications,
    queryKeys.resellers,
    queryKeys.resellerTiers,
    queryKeys.feedbacks,
    queryKeys.tickets,
    queryKeys.blogPosts,
  ].map((keys) => keys("1").all);
  for (const [i, a] of resources.entries()) {
    for (const [j, b] of resources.entries()) if (i !== j) expect(covers(a, b), `${a} covers ${b}`).toBe(false);
  }
});

function placed(fieldErrors: Record<string, string[]>, fields: string[]) {
  const calls: [string, string | undefined][] = [];
  showApiErrors(
    new ApiRequestError(422, "The given data was invalid.", fieldErrors),
    (field, error) => calls.push([field, error.message]),
    fields,
  );
  return calls;
}

test("the API's 422s land on the form's fields; a dotted path the form does not show lands on the field above it", () => {
  expect(placed({ name: ["The name field is required."] }, ["name", "items"])).toEqual([["name", "The name field is required."]]);
  expect(placed({ "items.3": ["The selected items.3 is invalid."], "items.4": ["Again."] }, ["name", "items"])).toEqual([
    ["items", "The selected items.3 is invalid."],
  ]);
  expect(placed({ "variants.0.price": ["Too low."] }, ["variants", "variants.0.price"])).toEqual([["variants.0.price", "Too low."]]);
});

test("an error on no field of the form, or not from the API, becomes the form's root error", () => {
  expect(placed({ shop_id: ["Closed."] }, ["name"])).toEqual([["root", "The given data was invalid."]]);
  const calls: [string, string | undefined][] = [];
  showApiErrors(new TypeError("Failed to fetch"), (field, error) => calls.push([field, error.message]), ["name"]);
  expect(calls).toEqual([["root", "The request failed. Check your connection and try again."]]);
});
