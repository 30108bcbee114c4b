import { z } from "zod";
import { timestamp } from "../api/schemas";
import { themeView } from "../themes/schemas";

/**
 * The spec's Shop. Secret-bearing fields are returned in the clear, to the
 * owner only; the ids and the subscription end are null when unset.
 */
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
    walletA_webhook_id: z.string().nullable(),
    walletAff_method: z.string(),
    cardproc_api_key: z.string().nullable(),
    cardproc_webhook_secret: z.string().nullable(),
    owner_id: z.int(),
    appB_cashtag: z.string().nullable(),
    appB_email: z.string().nullable(),
    description: z.string().nullable(),
    valid_payment_methods: z.array(z.string()),
    theme: themeView.nullable(),
    is_subscribed: z.boolean(),
    subscription_end_time: timestamp.nullable(),
  })
  .meta({ id: "Shop" });
export type ShopView = z.output<typeof shopView>;
