-- Checkout fields the clients of this API family send (discord_*, newsletter), and a checkout without a gateway.
ALTER TABLE "invoices" ALTER COLUMN "gateway" DROP NOT NULL;
ALTER TABLE "invoices" ADD COLUMN "discord_user_id" TEXT;
ALTER TABLE "invoices" ADD COLUMN "discord_access_token" TEXT;
ALTER TABLE "invoices" ADD COLUMN "discord_refresh_token" TEXT;

ALTER TABLE "customers" ADD COLUMN "discord_user_id" TEXT;
ALTER TABLE "customers" ADD COLUMN "newsletter" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "customers" ADD COLUMN "newsletter_at" TIMESTAMP(3);
