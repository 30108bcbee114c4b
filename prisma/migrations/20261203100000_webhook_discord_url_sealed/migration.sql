-- A discord endpoint's URL carries the channel's token: sealed like a Telegram bot token.
-- Rows saved before are encrypted by the app at start-up (lib/webhooks/endpoints.ts sealLegacyDiscordUrls).
ALTER TABLE "webhook_endpoints" ADD COLUMN "url_encrypted" TEXT;
