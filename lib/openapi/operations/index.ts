import type { Operation } from "../operation";
import { accountOperations } from "./account";
import { accountSecurityOperations } from "./account-security";
import { analyticsOperations } from "./analytics";
import { auditOperations } from "./audit";
import { blogOperations } from "./blog";
import { catalogOperations } from "./catalog";
import { blacklistOperations } from "./blacklist";
import { checkoutOperations } from "./checkout";
import { checkoutsOperations } from "./checkouts";
import { couponsOperations } from "./coupons";
import { customersOperations } from "./customers";
import { domainsOperations } from "./domains";
import { feedbackOperations } from "./feedback";
import { invoiceActionsOperations } from "./invoice-actions";
import { membersOperations } from "./members";
import { invoiceReadsOperations } from "./invoice-reads";
import { notificationsOperations } from "./notifications";
import { paymentMethodsOperations } from "./payment-methods";
import { promotionsOperations } from "./promotions";
import { resellerOperations } from "./reseller";
import { resellerPortalOperations } from "./reseller-portal";
import { shopsOperations } from "./shops";
import { subscriptionsOperations } from "./subscriptions";
import { systemOperations } from "./system";
import { ticketsOperations } from "./tickets";
import { webhooksOperations } from "./webhooks";

/**
 * Every route of /v1 with the schemas that validate it and the schema of its
 * answer, one file per area. e2e/api/openapi.spec.ts compares this list with
 * the route files, so a new route without an entry fails the suite.
 */
export const operations: Operation[] = [
  ...systemOperations,
  ...accountOperations,
  ...accountSecurityOperations,
  ...shopsOperations,
  ...domainsOperations,
  ...membersOperations,
  ...auditOperations,
  ...analyticsOperations,
  ...invoiceReadsOperations,
  ...invoiceActionsOperations,
  ...catalogOperations,
  ...promotionsOperations,
  ...checkoutsOperations,
  ...checkoutOperations,
  ...paymentMethodsOperations,
  ...couponsOperations,
  ...customersOperations,
  ...blacklistOperations,
  ...subscriptionsOperations,
  ...notificationsOperations,
  ...feedbackOperations,
  ...ticketsOperations,
  ...blogOperations,
  ...resellerOperations,
  ...resellerPortalOperations,
  ...webhooksOperations,
];
