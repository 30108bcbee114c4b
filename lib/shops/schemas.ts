import * as z from "../validation/zod";
import { ROLES } from "../members/permissions";
import { timestamp } from "../api/schemas";
import { integer } from "../validation/fields";
import { themeView } from "../themes/schemas";

/**
 * The spec's Shop; the ids and the subscription end are null when unset.
 * Secret-bearing fields are in the clear only in `GET /v1/shops/{shopId}`
 * read with the owner's API key; elsewhere (the shop list, any browser
 * session) they are null and the `*_set` flags say whether one is stored.
 */
const secretSet = z.boolean().describe("Whether the secret is stored (the secret itself is never sent to a browser session or in a list).");
export const shopView = z
  .object({
    id: z.int(),
    created_at: timestamp,
    updated_at: timestamp,
    name: z.string(),
    subdomain: z.string(),
    logo_image_id: z.int().nullable(),
    favicon_image_id: z.int().nullable(),
    background_image_id: z.int().nullable(),
    image_url: z.string().nullable(),
    background_image_url: z.string().nullable(),
    bitcoin_address: z.string().nullable(),
    bitcoin_wallet: z.string().nullable(),
    litecoin_address: z.string().nullable(),
    litecoin_wallet: z.string().nullable(),
    walletA_email: z.string().nullable(),
    walletA_method: z.string().nullable(),
    walletA_client_id: z.string().nullable(),
    walletA_client_secret: z.string().nullable(),
    walletA_client_secret_set: secretSet,
    walletA_webhook_id: z.string().nullable(),
    walletAff_method: z.string(),
    cardproc_api_key: z.string().nullable(),
    cardproc_api_key_set: secretSet,
    cardproc_webhook_secret: z.string().nullable(),
    cardproc_webhook_secret_set: secretSet,
    owner_id: z.int(),
    appB_cashtag: z.string().nullable(),
    appB_email: z.string().nullable(),
    description: z.string().nullable(),
    valid_payment_methods: z.array(z.string()),
    theme: themeView.nullable(),
    is_subscribed: z.boolean(),
    subscription_end_time: timestamp.nullable(),
    discord_url: z.string().nullable(),
    youtube_url: z.string().nullable(),
    telegram_url: z.string().nullable(),
    tiktok_url: z.string().nullable(),
    instagram_url: z.string().nullable(),
    crisp_website_id: z.string().nullable().describe("Stored for the seller's own use; the storefront never runs seller scripts."),
    tawkto_id: z.string().nullable().describe("Stored for the seller's own use; the storefront never runs seller scripts."),
    gtag_id: z.string().nullable().describe("Stored for the seller's own use; the storefront never runs seller scripts."),
    discord_bot_token_set: secretSet,
    discord_guild_id: z.string().nullable(),
    feedback_window_days: z
      .int()
      .describe("Days after completion a buyer may leave feedback on an invoice; 0: the shop takes no feedback."),
    support_email: z.string().nullable().describe("Where buyers' ticket messages are e-mailed; null: the owner's address."),
    role: z.enum(ROLES).describe("The caller's role in the shop (owner, admin, support, viewer): what it allows is in the API guide."),
  })
  .meta({ id: "Shop" });
export type ShopView = z.output<typeof shopView>;

const nullableText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? null : value), schema.nullable().optional());

/**
 * PUT /v1/shops/{shopId}/settings (beyond the spec, which has no shop
 * update): the gateways a checkout may use and what they pay into. Every
 * field is optional (absent: unchanged); null or "" clears a value. The
 * processor's key and webhook secret are write-only: encrypted at rest and
 * answered only as `*_set` flags.
 */
/** The gateways a shop can enable (lib/payments/gateways.ts; CUSTOMERBALANCE needs no setting and is never one). */
export const SHOP_GATEWAY_CODES = ["CARDPROC", "BTC", "LTC", "MANUAL"] as const;

export const shopSettingsBody = z.object({
  valid_payment_methods: z.array(z.enum(SHOP_GATEWAY_CODES)).max(SHOP_GATEWAY_CODES.length).optional(),
  bitcoin_address: nullableText(
    z.string().regex(/^(bc1|tb1|[13mn2])[a-zA-HJ-NP-Z0-9]{25,87}$/, "The bitcoin address is not a valid address."),
  ),
  litecoin_address: nullableText(
    z.string().regex(/^(ltc1|tltc1|[LM3])[a-zA-HJ-NP-Z0-9]{25,87}$/, "The litecoin address is not a valid address."),
  ),
  cardproc_api_key: nullableText(
    z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,247}$/, "The API key must be a secret key (sk_live_... or sk_test_...)."),
  ),
  cardproc_webhook_secret: nullableText(z.string().regex(/^whsec_[A-Za-z0-9+/=]{8,250}$/, "The webhook secret must start with whsec_.")),
});
export type ShopSettingsInput = z.output<typeof shopSettingsBody>;

export const shopSettingsView = z
  .object({
    valid_payment_methods: z.array(z.string()),
    bitcoin_address: z.string().nullable(),
    litecoin_address: z.string().nullable(),
    cardproc_api_key_set: z.boolean(),
    cardproc_webhook_secret_set: z.boolean(),
    cardproc_webhook_url: z.string().describe("Where the processor must send this shop's events."),
  })
  .meta({ id: "ShopSettings" });
export type ShopSettingsView = z.output<typeof shopSettingsView>;

/**
 * Subdomains no shop may take: this server's own names and words a buyer
 * could mistake for the platform's (phishing). A deleted shop's subdomain
 * also stays taken (the unique index holds it).
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  "www",
  "api",
  "admin",
  "app",
  "apps",
  "dashboard",
  "mail",
  "email",
  "smtp",
  "imap",
  "pop",
  "static",
  "assets",
  "cdn",
  "img",
  "images",
  "media",
  "files",
  "s",
  "shop",
  "shops",
  "store",
  "stores",
  "help",
  "support",
  "status",
  "docs",
  "blog",
  "dev",
  "staging",
  "test",
  "login",
  "signin",
  "signup",
  "register",
  "account",
  "accounts",
  "auth",
  "oauth",
  "sso",
  "billing",
  "pay",
  "payment",
  "payments",
  "checkout",
  "invoice",
  "invoices",
  "secure",
  "security",
  "root",
  "system",
  "webhook",
  "webhooks",
  "reseller",
  "resellers",
  "portal",
  "shopdesk",
  "official",
  "ns1",
  "ns2",
  "ftp",
  "localhost",
];

export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,30}[a-z0-9])$/;

export const subdomainField = z
  .string()
  .trim()
  .min(3, "The subdomain must be at least 3 characters.")
  .max(32, "The subdomain must not be greater than 32 characters.")
  .regex(SUBDOMAIN_PATTERN, "The subdomain may contain only lowercase letters, digits and dashes, and must not start or end with a dash.")
  .refine((value) => !RESERVED_SUBDOMAINS.includes(value), "The subdomain is reserved.");

export const shopNameField = z.string().trim().min(1, "The name field is required.").max(100);

/** How many shops one user may own (archived ones do not count). */
export const MAX_OWNED_SHOPS = 10;

/**
 * POST /v1/shops/create as JSON (multipart carries `name`, `subdomain` and
 * a `logo` file part instead of `logo_image_id`). A new shop has no images,
 * so `logo_image_id` can only be null here; it is accepted for the clients
 * that send it.
 */
export const createShopBody = z.object({
  name: shopNameField,
  subdomain: subdomainField,
  logo_image_id: z.int().positive().nullable().optional(),
});
export type CreateShopInput = z.output<typeof createShopBody>;

/** The dashboard's new-shop form: the name and the subdomain (a logo is uploaded in the shop's settings afterwards). */
export const createShopForm = createShopBody.pick({ name: true, subdomain: true });

/** The multipart form of POST /v1/shops/create (for the OpenAPI document). */
export const createShopMultipart = z.object({
  name: z.string(),
  subdomain: z.string(),
  logo: z
    .string()
    .meta({ contentMediaType: "application/octet-stream", description: "PNG, JPEG, GIF or WebP, at most 20480 KB" })
    .optional(),
});

/** A link shown to buyers: http(s) only, no credentials in it. */
const linkUrl = z
  .string()
  .trim()
  .max(255)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, "The link must be an http(s) URL.");

const externalId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "The id may contain only letters, digits, dashes and underscores (at most 64).");

const optionalNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? null : value), schema.nullable().optional());

/**
 * PUT /v1/shops/{shopId}/update: every field optional (absent: unchanged),
 * null clears. `discord_bot_token` is write-only (answered as
 * `discord_bot_token_set`).
 */
export const updateShopBody = z.object({
  name: shopNameField.optional(),
  subdomain: subdomainField.optional(),
  description: optionalNull(z.string().max(5000)),
  logo_image_id: z.int().positive().nullable().optional(),
  favicon_image_id: z.int().positive().nullable().optional(),
  background_image_id: z.int().positive().nullable().optional(),
  discord_url: optionalNull(linkUrl),
  youtube_url: optionalNull(linkUrl),
  telegram_url: optionalNull(linkUrl),
  tiktok_url: optionalNull(linkUrl),
  instagram_url: optionalNull(linkUrl),
  crisp_website_id: optionalNull(externalId),
  tawkto_id: optionalNull(externalId),
  gtag_id: optionalNull(externalId),
  discord_bot_token: optionalNull(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{20,200}$/, "The bot token is not a Discord bot token."),
  ),
  discord_guild_id: optionalNull(
    z
      .string()
      .trim()
      .regex(/^[0-9]{5,25}$/, "The guild id must be a Discord snowflake (digits)."),
  ),
  feedback_window_days: integer({ min: 0, max: 3650 }).optional(),
  support_email: optionalNull(z.string().trim().pipe(z.email().max(255))),
});
export type UpdateShopInput = z.output<typeof updateShopBody>;

/** DELETE /v1/shops/{shopId}: the shop's exact name and the owner's password. */
export const deleteShopBody = z.object({
  name: z.string().min(1, "The name field is required."),
  password: z.string().min(1, "The password field is required.").max(1000),
});
export type DeleteShopInput = z.output<typeof deleteShopBody>;
