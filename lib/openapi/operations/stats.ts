import type { Operation } from "../document";
import { shopStatsQuery } from "../../stats/schemas";

export const statsOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/shops/{shopId}/stats",
    summary: "Revenue and orders per day, by status and gateway, and the latest invoices (dashboard home)",
    tag: "Shops",
    auth: "seller",
    query: shopStatsQuery,
  },
];
