/**
 * What the audit log records, one action per kind of change. The name is
 * `<target>.<verb>`; the target's type is the part before the dot except
 * where said. docs/audit-log.md lists them with the route of each.
 */
export const AUDIT_ACTIONS = [
  // the payment settings (PUT /settings): gateways and payout addresses
  "settings.updated",
  // POST /v1/shops/create, PUT /v1/shops/{shopId}/update (its name, links and ids), DELETE /v1/shops/{shopId} (archived)
  "shop.created",
  "shop.updated",
  "shop.deleted",
  // the card processor's credentials, in the same request (secrets masked)
  "credentials.updated",
  // /payment-methods: a gateway's record (target: the record); its effect on valid_payment_methods is a settings.updated entry
  "payment_method.created",
  "payment_method.updated",
  "payment_method.deleted",
  "notification_settings.updated",
  "theme.activated",
  // PUT /products/bulk-update/{field}: one entry per request (target: the shop), naming the field and the products
  "products.bulk_updated",
  "member.invited",
  "member.role_changed",
  "member.removed",
  // target: the member who becomes owner
  "ownership.transferred",
  "api_key.created",
  "api_key.revoked",
  // deliver: a pending invoice marked paid and delivered, or a completed one's pending items
  "invoice.delivered",
  // process: the delivery pipeline re-run on a completed invoice
  "invoice.delivery_retried",
  "invoice.delivery_replaced",
  "invoice.email_resent",
  "invoice.status_changed",
  "invoice.cancelled",
  "invoice.refunded",
  "invoice.unrefunded",
  "invoice.paid_amount_changed",
  "reseller.balance_adjusted",
  // POST /customers/{id}/balance: the seller credits or debits a customer's store credit
  "customer.balance_adjusted",
  "reseller.approved",
  "reseller.suspended",
  // a seller's rotation of the reseller's API key, signing secret or dynamic token (the new value masked)
  "reseller.credential_rotated",
  // /domains: a custom domain added or removed (target: the domain); verification is the system's, not audited
  "domain.created",
  "domain.deleted",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  "shop",
  "theme",
  "member",
  "api_key",
  "invoice",
  "reseller",
  "webhook",
  "customer",
  "payment_method",
  "domain",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
