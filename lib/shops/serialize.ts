import type { Image, Shop, Theme } from "../generated/prisma/client";
import { decryptOptional } from "../crypto/secrets";
import { imageUrl } from "../images/url";
import { serializeTheme } from "../themes/serialize";
import type { Role } from "../members/permissions";
import type { ShopView } from "./schemas";

export type ShopWithRelations = Shop & { theme: Theme | null; logo_image: Image | null; background_image: Image | null };

export const shopInclude = { theme: true, logo_image: true, background_image: true } as const;

/**
 * Whether an answer may carry the shop's stored secrets in the clear: only
 * the single shop read with an API key of a member whose role holds
 * `secrets:read` (owner, admin), as the spec gives them to the owner's
 * backend. A browser session and every shop list get null and the `*_set`
 * flags, so no page script or devtools panel ever holds them.
 */
export type SecretDisclosure = "reveal" | "withhold";

/**
 * The Shop object of the spec. Secret-bearing fields are stored encrypted and
 * decrypted only here, when `secrets` is "reveal".
 */
export function serializeShop(shop: ShopWithRelations, role: Role, secrets: SecretDisclosure): ShopView {
  const secret = (stored: string | null) => (secrets === "reveal" ? decryptOptional(stored) : null);
  return {
    id: shop.id,
    created_at: shop.created_at.toISOString(),
    updated_at: shop.updated_at.toISOString(),
    name: shop.name,
    subdomain: shop.subdomain,
    logo_image_id: shop.logo_image_id,
    favicon_image_id: shop.favicon_image_id,
    background_image_id: shop.background_image_id,
    image_url: imageUrl(shop.logo_image?.cdn_image_id),
    background_image_url: imageUrl(shop.background_image?.cdn_image_id),
    bitcoin_address: shop.bitcoin_address,
    bitcoin_wallet: shop.bitcoin_wallet,
    litecoin_address: shop.litecoin_address,
    litecoin_wallet: shop.litecoin_wallet,
    walletA_email: shop.walletA_email,
    walletA_method: shop.walletA_method,
    walletA_client_id: shop.walletA_client_id,
    walletA_client_secret: secret(shop.walletA_client_secret),
    walletA_client_secret_set: shop.walletA_client_secret !== null,
    walletA_webhook_id: shop.walletA_webhook_id,
    walletAff_method: shop.walletAff_method,
    cardproc_api_key: secret(shop.cardproc_api_key),
    cardproc_api_key_set: shop.cardproc_api_key !== null,
    cardproc_webhook_secret: secret(shop.cardproc_webhook_secret),
    cardproc_webhook_secret_set: shop.cardproc_webhook_secret !== null,
    owner_id: shop.owner_id,
    appB_cashtag: shop.appB_cashtag,
    appB_email: shop.appB_email,
    description: shop.description,
    valid_payment_methods: shop.valid_payment_methods,
    theme: shop.theme ? serializeTheme(shop.theme) : null,
    is_subscribed: shop.is_subscribed,
    subscription_end_time: shop.subscription_end_time?.toISOString() ?? null,
    discord_url: shop.discord_url,
    youtube_url: shop.youtube_url,
    telegram_url: shop.telegram_url,
    tiktok_url: shop.tiktok_url,
    instagram_url: shop.instagram_url,
    crisp_website_id: shop.crisp_website_id,
    tawkto_id: shop.tawkto_id,
    gtag_id: shop.gtag_id,
    discord_bot_token_set: shop.discord_bot_token !== null,
    discord_guild_id: shop.discord_guild_id,
    feedback_window_days: shop.feedback_window_days,
    support_email: shop.support_email,
    role,
  };
}
