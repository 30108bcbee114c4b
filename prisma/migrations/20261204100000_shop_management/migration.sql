-- Shops are made, edited and archived through the API (POST /v1/shops/create,
-- PUT /v1/shops/{shopId}/update, DELETE /v1/shops/{shopId}).
-- deleted_at: an archived shop; it is hidden from every route, listing and
-- storefront, its invoices are kept; its subdomain stays taken (unique index).
-- The social links are shown in the storefront's footer; the support and
-- analytics ids are stored for the seller's own use and never rendered as
-- script. discord_bot_token: AES-256-GCM ciphertext (lib/crypto/secrets.ts).
ALTER TABLE "shops"
    ADD COLUMN "deleted_at" TIMESTAMP(3),
    ADD COLUMN "discord_url" TEXT,
    ADD COLUMN "youtube_url" TEXT,
    ADD COLUMN "telegram_url" TEXT,
    ADD COLUMN "tiktok_url" TEXT,
    ADD COLUMN "instagram_url" TEXT,
    ADD COLUMN "crisp_website_id" TEXT,
    ADD COLUMN "tawkto_id" TEXT,
    ADD COLUMN "gtag_id" TEXT,
    ADD COLUMN "discord_bot_token" TEXT,
    ADD COLUMN "discord_guild_id" TEXT;
