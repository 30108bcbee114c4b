import type { z } from "zod";
import type { Permission } from "../members/permissions";
import type { Refusal } from "./refusals";

export type Auth = "seller" | "reseller" | "signature" | "none";

/** The document's tags, in the order a reader meets them. */
export const TAGS = {
  System: "Liveness and this document.",
  Account: "The seller's dashboard session and API keys.",
  Members: "A shop's team: members, their roles and invitations.",
  "Audit log": "Who changed what in a shop, when and from where; append-only.",
  Analytics: "Revenue, orders, customers and the top products and customers over a range, from hourly rollups of the completed invoices.",
  Shops: "The caller's shops (they give the `shopId` of every other seller route) and their numbers.",
  Domains: "A shop's custom domains: its storefront on a host of the seller's, once a TXT record proves the seller controls it.",
  Invoices: "Orders: the list with every filter of the spec, one invoice, manual invoices.",
  "Invoice actions": "Status changes, delivery and edits of one invoice; every action answers the single Invoice view.",
  Products: "Products, their variants and their stock (serials or a service counter).",
  Groups: "Product groups.",
  Images: "Uploaded images, served from `/cdn/{cdn_image_id}`.",
  Themes: "Storefront themes.",
  "Custom fields": "Questions a checkout asks; products and invoices carry them with a pivot.",
  "Quantity deals": "Buy N of a product, get M discounted.",
  "Bundle offers": "A discount on buying several products together.",
  "Abandoned checkouts": "Pending invoices a customer did not pay, and recovery emails.",
  Coupons: "Discount codes.",
  Checkout: "Buyers' orders: the seller's backend makes the invoice, the buyer pays through one of the shop's gateways on the hosted page.",
  Payments: "The gateways' settings and the card processor's signed events.",
  Customers: "Buyers by email, with their invoice count and spend; banning; the CSV export.",
  Blacklist: "Rules that refuse a buyer at checkout by email, IP (or CIDR range), user agent, ASN or country; exact or RE2 regex.",
  Subscriptions: "Recurring orders.",
  Notifications: "What happened in the shop, per event and channel.",
  Feedback: "Buyers rate completed orders (1-5 and a message) within the shop's window; the seller replies or disputes.",
  Blog: "The shop's blog posts; published ones are on its storefront at /s/{subdomain}/blog.",
  "Support tickets": "Conversations between a shop and its buyers about an order; each message is e-mailed to the other side.",
  Webhooks: "Signed order events to the seller's systems, Discord or Telegram; delivery log, redelivery and test events.",
  "Reseller API": "Approved resellers buy from the supplying shop's stock, charged to their balance.",
  "Resellers (seller)": "The seller's side of reselling: resellers, balances, credentials and tiers.",
  "Reseller portal": "What the reseller portal needs beyond the spec's reseller API.",
} as const;
export type Tag = keyof typeof TAGS;

export type HeaderParameter = { name: string; description: string; required: boolean };

export type Success = {
  /** 200 unless stated */
  status?: 200 | 201 | 202;
  description: string;
  schema: z.ZodType;
  /** JSON unless stated */
  contentType?: "application/pdf" | "text/html" | "text/plain" | "text/csv";
  headers?: Record<string, { description: string; required: boolean; schema: { type: "string" } }>;
};

/**
 * One route of /v1: the schemas that validate its input (shared with the
 * route), the schema of its success answer (shared with its serializer),
 * and the refusals it can answer beyond those lib/openapi/refusals.ts
 * derives from its auth, path and input.
 */
export type Operation = {
  operationId: string;
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI path template: /v1/shops/{shopId}/invoices */
  path: string;
  summary: string;
  description?: string;
  tag: Tag;
  auth: Auth;
  /**
   * A seller operation's permission, as its route declares it in the wrapper
   * (tests/unit/route-permissions.test.ts compares the two); `account`: a
   * route of the signed-in user that names no shop.
   */
  permission?: Permission | "account";
  /** A dashboard (or, for `auth: "reseller"`, a portal) session only: an API key is refused (403). */
  sessionOnly?: boolean;
  /**
   * A sensitive change (its route declares `reauth`): a session must have entered its password within 10 minutes,
   * else 403 `reauthentication_required`. `body`: only some bodies are (the payment settings' payouts and credentials).
   */
  reauth?: true | "body";
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data instead of JSON */
  multipart?: boolean;
  /** multipart/form-data as well as the JSON `body`: the form's fields and file parts */
  multipartBody?: z.ZodType;
  /** query parameters read outside a zod schema (the receiver reads its URL itself) */
  rawQuery?: { name: string; description: string; required: boolean; type: "integer" | "string" }[];
  headers?: HeaderParameter[];
  response: Success;
  /** another success the same request may get (an application answered 201 or 202) */
  alsoResponds?: Success;
  errors?: Refusal[];
};
