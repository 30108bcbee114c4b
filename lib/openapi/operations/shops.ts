import * as z from "../../validation/zod";
import { shopView } from "../../shops/schemas";
import { shopStatsQuery, shopStatsView } from "../../stats/schemas";
import type { Operation } from "../operation";

export const shopsOperations: Operation[] = [
  {
    operationId: "listShops",
    method: "get",
    path: "/v1/shops",
    summary: "List the caller's shops",
    tag: "Shops",
    auth: "seller",
    permission: "account",
    response: { description: "The caller's shops.", schema: z.array(shopView) },
  },
  {
    operationId: "getShop",
    method: "get",
    path: "/v1/shops/{shopId}",
    summary: "Get a shop",
    tag: "Shops",
    auth: "seller",
    permission: "shop:read",
    response: { description: "The shop.", schema: shopView },
  },
  {
    operationId: "getShopStats",
    method: "get",
    path: "/v1/shops/{shopId}/stats",
    summary: "Revenue and orders per day, by status and gateway, and the latest invoices (dashboard home)",
    tag: "Shops",
    auth: "seller",
    permission: "shop:read",
    query: shopStatsQuery,
    response: { description: "The numbers of the last `days` days.", schema: shopStatsView },
  },
];
