import { integer, z } from "../validation/fields";

/** GET /v1/shops/{shopId}/stats: the dashboard home's numbers over the last `days` days. */
export const shopStatsQuery = z.object({
  days: z
    .preprocess((value) => (value === "" ? undefined : value), integer({ min: 1, max: 366 }).optional())
    .transform((days) => days ?? 30),
});
export type ShopStatsQuery = z.output<typeof shopStatsQuery>;
