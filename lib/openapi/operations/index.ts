import type { Operation } from "../document";
import { accountOperations } from "./account";
import { catalogOperations } from "./catalog";
import { checkoutsOperations } from "./checkouts";
import { couponsOperations } from "./coupons";
import { invoiceActionsOperations } from "./invoice-actions";
import { invoiceReadsOperations } from "./invoice-reads";
import { notificationsOperations } from "./notifications";
import { promotionsOperations } from "./promotions";
import { resellerOperations } from "./reseller";
import { resellerPortalOperations } from "./reseller-portal";
import { statsOperations } from "./stats";
import { subscriptionsOperations } from "./subscriptions";

/**
 * Every route of /v1 with the schemas that validate it, one file per area.
 * A test compares this list with the route files, so a new route without an
 * entry fails the suite.
 */
export const operations: Operation[] = [
  ...accountOperations,
  ...statsOperations,
  ...invoiceReadsOperations,
  ...invoiceActionsOperations,
  ...catalogOperations,
  ...promotionsOperations,
  ...checkoutsOperations,
  ...couponsOperations,
  ...subscriptionsOperations,
  ...notificationsOperations,
  ...resellerOperations,
  ...resellerPortalOperations,
];
