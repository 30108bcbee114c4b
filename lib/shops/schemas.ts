import * as z from "../validation/zod";
import { ROLES } from "../members/permissions";
import { timestamp } from "../api/schemas";
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
export const shopSettingsBody = z.object({
  valid_payment_methods: z
    .array(z.enum(["CARDPROC", "BTC", "LTC", "MANUAL"]))
    .max(4)
    .optional(),
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
