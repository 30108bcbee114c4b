/**
 * The event types a webhook endpoint can subscribe to (browser-safe: the
 * dashboard's event picker lists them). An endpoint with no types listed
 * receives every type.
 */
export const WEBHOOK_EVENT_TYPES = [
  "invoice.created",
  "invoice.completed",
  "invoice.cancelled",
  "invoice.refunded",
  "invoice.item.delivered",
  "invoice.item.delivery_failed",
  "checkout.abandoned",
  "checkout.recovered",
  "subscription.created",
  "subscription.renewed",
  "subscription.cancelled",
  "subscription.expired",
  "variant.stock_low",
  "variant.sold_out",
  "reseller.applied",
  "reseller.invoice.created",
  "coupon.exhausted",
  "feedback.created",
  "feedback.replied",
  "ticket.created",
  "ticket.message",
  "product.created",
  "product.updated",
  "product.deleted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What the object of each type's payload is (`data.object`). */
export const EVENT_OBJECT: Record<WebhookEventType, string> = {
  "invoice.created": "Invoice",
  "invoice.completed": "Invoice",
  "invoice.cancelled": "Invoice",
  "invoice.refunded": "Invoice",
  "invoice.item.delivered": "Invoice (data.item_id names the item)",
  "invoice.item.delivery_failed": "Invoice (data.item_id names the item)",
  "checkout.abandoned": "AbandonedCheckout",
  "checkout.recovered": "AbandonedCheckout",
  "subscription.created": "Subscription",
  "subscription.renewed": "Subscription",
  "subscription.cancelled": "Subscription",
  "subscription.expired": "Subscription",
  "variant.stock_low": "Product (data.variant_id names the variant)",
  "variant.sold_out": "Product (data.variant_id names the variant)",
  "reseller.applied": "Reseller",
  "reseller.invoice.created": "Invoice",
  "coupon.exhausted": "Coupon",
  "feedback.created": "Feedback",
  "feedback.replied": "Feedback",
  "ticket.created": "Ticket",
  "ticket.message": "Ticket (data.message_id names the message)",
  "product.created": "Product",
  "product.updated": "Product",
  "product.deleted": "Product (deleted_at set, no live variants)",
};

/** Where an endpoint sends: signed JSON (Standard Webhooks), a Discord webhook, or a Telegram chat. */
export const WEBHOOK_FORMATS = ["standard", "discord", "telegram"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const DELIVERY_STATUSES = ["pending", "sending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
