import * as z from "../validation/zod";

/**
 * Response shapes every area shares: how times and money are written, the
 * two paginated envelopes and the error bodies of API-CONVENTIONS.md. Each
 * named shape carries an `id`: the OpenAPI document lists it once under
 * `components.schemas` and refers to it from every operation.
 */

export const timestamp = z.iso.datetime().meta({ id: "Timestamp", description: 'ISO 8601 UTC with `Z`: "2026-11-20T14:03:07.000Z".' });

export const amountString = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ id: "Amount", description: 'Money where the spec says string: a decimal with 2 places ("9.99").' });

/** The spec's integer flags (`manual`, `archived`, `global`, ...). */
export const flag = z.literal([0, 1]);

export const messageBody = z
  .object({ message: z.string() })
  .meta({ id: "Message", description: "A confirmation (`Coupon deleted.`) or the reason of a refusal." });

export const validationErrorBody = z
  .object({
    message: z.string().describe('The first error, with "(and N more errors)" when there are more.'),
    errors: z.record(z.string(), z.array(z.string())).describe("Messages per field; nested fields have dotted paths (`items.0.quantity`)."),
  })
  .meta({ id: "ValidationError" });

export const forbiddenBody = z
  .object({
    message: z.string(),
    permission: z.string().optional().describe("The permission the caller's role or key lacks (`invoices:write`)."),
    error: z
      .literal("reauthentication_required")
      .optional()
      .describe(
        "A sensitive change asked of a session whose password was not entered in the last 10 minutes: re-authenticate, then retry.",
      ),
  })
  .meta({ id: "Forbidden", description: "The caller may not do this in this shop; the permission it needs is named." });

export const shopNotFoundBody = z
  .object({ success: z.literal(false), error: z.literal("Shop not found"), message: z.literal("Shop not found") })
  .meta({ id: "ShopNotFound", description: "The shop is missing or not the caller's (the answer never tells which)." });

const pageLink = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });

/** The seller paginated envelope (Laravel's LengthAwarePaginator); `from`/`to` are null on an empty page. */
export const sellerPage = z
  .object({
    current_page: z.int(),
    data: z.array(z.unknown()),
    first_page_url: z.string(),
    from: z.int().nullable(),
    last_page: z.int(),
    last_page_url: z.string(),
    links: z.array(pageLink),
    next_page_url: z.string().nullable(),
    path: z.string(),
    per_page: z.int(),
    prev_page_url: z.string().nullable(),
    to: z.int().nullable(),
    total: z.int(),
  })
  .meta({ id: "SellerPage", description: "The seller paginated envelope; `data` holds the page's records." });

/** The reseller envelope of the spec. */
export const resellerPage = z
  .object({
    current_page: z.int(),
    data: z.array(z.unknown()),
    from: z.int().nullable(),
    last_page: z.int(),
    per_page: z.int(),
    to: z.int().nullable(),
    total: z.int(),
  })
  .meta({ id: "ResellerPage", description: "The reseller envelope; `data` holds the page's records." });

/**
 * An envelope whose `data` holds `item`: the envelope once (a `$ref`) and the
 * record type of this list beside it (`allOf`). The second part allows the
 * envelope's other fields, which the first part checks.
 */
function pageOf<E extends typeof sellerPage | typeof resellerPage, T extends z.ZodType>(envelope: E, item: T) {
  return z.intersection(envelope, z.looseObject({ data: z.array(item) }));
}

export const sellerPageOf = <T extends z.ZodType>(item: T) => pageOf(sellerPage, item);
export const resellerPageOf = <T extends z.ZodType>(item: T) => pageOf(resellerPage, item);

export type SellerPage<T> = Omit<z.output<typeof sellerPage>, "data"> & { data: T[] };
export type ResellerPage<T> = Omit<z.output<typeof resellerPage>, "data"> & { data: T[] };
export type Message = z.output<typeof messageBody>;
export type ValidationErrorBody = z.output<typeof validationErrorBody>;
