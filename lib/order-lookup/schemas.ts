import * as z from "../validation/zod";

/** POST /s/{subdomain}/api/orders: where to send the link (as pasted: spaces around it are dropped). */
export const orderLookupBody = z.object({ email: z.string().trim().pipe(z.email().max(255)) });
export type OrderLookupInput = z.output<typeof orderLookupBody>;

/** POST /s/{subdomain}/api/orders/open: the token of the e-mailed link. */
export const openOrderLookupBody = z.object({ token: z.string().min(1).max(200) });
export type OpenOrderLookupInput = z.output<typeof openOrderLookupBody>;

/** The one answer to a request, whether or not the address has orders here. */
export const orderLookupAcceptedView = z.object({ message: z.string() });
export type OrderLookupAcceptedView = z.output<typeof orderLookupAcceptedView>;

export const foundOrderView = z.object({
  unique_id: z.string(),
  /** the buyer's page of the order */
  url: z.string(),
  created_at: z.string(),
  status: z.string(),
  total: z.string(),
  currency: z.string(),
  items: z.array(z.object({ product_name: z.string(), variant_name: z.string(), quantity: z.int() })),
});
export type FoundOrderView = z.output<typeof foundOrderView>;

export const openedOrderLookupView = z.object({
  email: z.string(),
  orders: z.array(foundOrderView).describe("Newest first, at most MAX_LISTED_ORDERS."),
});
export type OpenedOrderLookupView = z.output<typeof openedOrderLookupView>;
