import type { Operation } from "../operation";
import {
  analyticsGraphView,
  analyticsQuery,
  analyticsSummaryView,
  analyticsTopQuery,
  topCustomersView,
  topProductsView,
} from "../../analytics/schemas";

const tag = "Analytics";
const analytics = "/v1/shops/{shopId}/analytics";

export const analyticsOperations: Operation[] = [
  {
    operationId: "getAnalytics",
    method: "get",
    path: analytics,
    summary: "Revenue, orders and customers over a range, with the change against the period before it",
    tag,
    auth: "seller",
    permission: "shop:read",
    query: analyticsQuery,
    response: { description: "The range's totals (completed invoices, by completion hour, UTC).", schema: analyticsSummaryView },
  },
  {
    operationId: "getAnalyticsGraph",
    method: "get",
    path: `${analytics}/graph`,
    summary: "Revenue, orders and customers per day (per hour for ranges under three days)",
    tag,
    auth: "seller",
    permission: "shop:read",
    query: analyticsQuery,
    response: { description: "One point per day or hour of the range, oldest first, empty ones included.", schema: analyticsGraphView },
  },
  {
    operationId: "getTopProducts",
    method: "get",
    path: `${analytics}/top-products`,
    summary: "The products that brought the most revenue over a range",
    tag,
    auth: "seller",
    permission: "shop:read",
    query: analyticsTopQuery,
    response: { description: "Up to `limit` products, by revenue.", schema: topProductsView },
  },
  {
    operationId: "getTopCustomers",
    method: "get",
    path: `${analytics}/top-customers`,
    summary: "The customers who brought the most revenue over a range",
    tag,
    auth: "seller",
    permission: "customers:read",
    query: analyticsTopQuery,
    response: { description: "Up to `limit` customers, by revenue.", schema: topCustomersView },
  },
];
