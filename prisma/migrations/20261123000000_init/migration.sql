-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "reseller_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shops" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "subdomain" TEXT NOT NULL,
    "description" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "logo_image_id" INTEGER,
    "favicon_image_id" INTEGER,
    "background_image_id" INTEGER,
    "bitcoin_address" TEXT,
    "bitcoin_wallet" TEXT,
    "litecoin_address" TEXT,
    "litecoin_wallet" TEXT,
    "wallet_a_email" TEXT,
    "wallet_a_method" TEXT,
    "wallet_a_client_id" TEXT,
    "wallet_a_client_secret" TEXT,
    "wallet_a_webhook_id" TEXT,
    "wallet_aff_method" TEXT NOT NULL DEFAULT 'disabled',
    "cardproc_api_key" TEXT,
    "cardproc_webhook_secret" TEXT,
    "app_b_cashtag" TEXT,
    "app_b_email" TEXT,
    "dynamic_signing_secret" TEXT,
    "valid_payment_methods" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "theme_id" INTEGER,
    "is_subscribed" BOOLEAN NOT NULL DEFAULT false,
    "subscription_end_time" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "shops_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "images" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "cdn_image_id" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),
    CONSTRAINT "images_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "themes" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "version" TEXT NOT NULL DEFAULT '1.0.0',
    "type" TEXT NOT NULL DEFAULT 'private',
    "image_id" INTEGER,
    "official_theme" JSONB,
    "template" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "themes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "groups" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "image_id" INTEGER,
    "sort_priority" INTEGER NOT NULL DEFAULT 0,
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),
    CONSTRAINT "groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "products" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "group_id" INTEGER,
    "salt" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "instructions" TEXT NOT NULL DEFAULT '',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "payment_methods" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "deliverables_type" TEXT NOT NULL DEFAULT 'serials',
    "type" TEXT NOT NULL DEFAULT 'variant',
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "out_of_stock_message" TEXT,
    "sort_priority" INTEGER NOT NULL DEFAULT 0,
    "group_sort_priority" INTEGER NOT NULL DEFAULT 0,
    "quantity_min" INTEGER,
    "quantity_max" INTEGER,
    "chat_guild_id" TEXT,
    "chat_role_id" TEXT,
    "block_vpn" BOOLEAN NOT NULL DEFAULT false,
    "volume_discounts" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),
    CONSTRAINT "products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_images" (
    "product_id" INTEGER NOT NULL,
    "image_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "product_images_pkey" PRIMARY KEY ("product_id","image_id")
);

-- CreateTable
CREATE TABLE "variants" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "price" DECIMAL(14,2) NOT NULL,
    "service_stock" INTEGER,
    "dynamic_url" TEXT,
    "sort_priority" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),
    CONSTRAINT "variants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stock_items" (
    "id" SERIAL NOT NULL,
    "variant_id" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "invoice_item_id" INTEGER,
    "delivered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "stock_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_fields" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "hint" TEXT,
    "type" TEXT NOT NULL DEFAULT 'text',
    "options" TEXT,
    "is_required" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "custom_fields_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_field_attachments" (
    "custom_field_id" INTEGER NOT NULL,
    "morphable_type" TEXT NOT NULL,
    "morphable_id" INTEGER NOT NULL,
    "value" TEXT,
    CONSTRAINT "custom_field_attachments_pkey" PRIMARY KEY ("custom_field_id","morphable_type","morphable_id")
);

-- CreateTable
CREATE TABLE "customers" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coupons" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "salt" TEXT NOT NULL,
    "global" BOOLEAN NOT NULL DEFAULT true,
    "discount" DECIMAL(14,2) NOT NULL,
    "type" TEXT NOT NULL,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "max_uses" INTEGER,
    "allowed_emails" TEXT[],
    "expiration_date" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "coupons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coupon_products" (
    "coupon_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    CONSTRAINT "coupon_products_pkey" PRIMARY KEY ("coupon_id","product_id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "unique_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "product_id" INTEGER,
    "variant_id" INTEGER,
    "price" DECIMAL(14,2) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "price_usd" DECIMAL(14,2) NOT NULL,
    "price_eur" DECIMAL(14,2),
    "paid" DECIMAL(14,2),
    "paid_usd" DECIMAL(14,2),
    "gateway" TEXT NOT NULL,
    "payment_method_id" TEXT,
    "email" TEXT NOT NULL,
    "salt" TEXT NOT NULL,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "amount" INTEGER NOT NULL DEFAULT 1,
    "coupon_id" INTEGER,
    "customer_id" INTEGER,
    "affiliate_id" INTEGER,
    "reseller_id" INTEGER,
    "reseller_source" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "crypto_address" TEXT,
    "crypto_amount" TEXT,
    "wallet_aff_email" TEXT,
    "wallet_aff_transaction_id" TEXT,
    "wallet_aff_currency" TEXT,
    "wallet_aff_note" TEXT,
    "app_b_cashtag" TEXT,
    "app_b_receipt_id" TEXT,
    "app_b_transaction_id" TEXT,
    "app_b_note" TEXT,
    "app_c_tag" TEXT,
    "app_c_note" TEXT,
    "cardproc_pi_id" TEXT,
    "chat_user_id" TEXT,
    "chat_username" TEXT,
    "dashboard_note" TEXT,
    "tracking_code" TEXT,
    "tracking_link" TEXT,
    "shipped_at" TIMESTAMP(3),
    "dismissed_at" TIMESTAMP(3),
    "recovery_sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "completed_at" TIMESTAMP(3),
    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_items" (
    "id" SERIAL NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "product_id" INTEGER,
    "variant_id" INTEGER,
    "product_name" TEXT NOT NULL,
    "variant_name" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_price" DECIMAL(14,2) NOT NULL,
    "total_price" DECIMAL(14,2) NOT NULL,
    "total_price_usd" DECIMAL(14,2) NOT NULL,
    "reseller_discount" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "delivered" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "dynamic_attempts" INTEGER NOT NULL DEFAULT 0,
    "dynamic_last_at" TIMESTAMP(3),
    "dynamic_last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "invoice_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_status_counts" (
    "shop_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "invoice_status_counts_pkey" PRIMARY KEY ("shop_id","status","slot")
);

-- CreateTable
CREATE TABLE "quantity_deals" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "product_id" INTEGER NOT NULL,
    "variant_id" INTEGER,
    "buy_quantity" INTEGER NOT NULL,
    "discounted_quantity" INTEGER NOT NULL,
    "percentage" DECIMAL(5,2) NOT NULL,
    "max_uses_per_cart" INTEGER,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "enabled" BOOLEAN NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "quantity_deals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bundle_offers" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "discount" DECIMAL(14,2) NOT NULL,
    "max_uses_per_cart" INTEGER,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "enabled" BOOLEAN NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "bundle_offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bundle_offer_items" (
    "bundle_offer_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    CONSTRAINT "bundle_offer_items_pkey" PRIMARY KEY ("bundle_offer_id","product_id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "variant_id" INTEGER,
    "status" TEXT NOT NULL,
    "price" DECIMAL(14,2) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "interval" TEXT NOT NULL DEFAULT 'month',
    "current_period_start" TIMESTAMP(3),
    "current_period_end" TIMESTAMP(3),
    "trial_ends_at" TIMESTAMP(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "cancelled_at" TIMESTAMP(3),
    "ended_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "shop_id" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "level" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "link" TEXT NOT NULL,
    "read_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_settings" (
    "shop_id" INTEGER NOT NULL,
    "settings" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "notification_settings_pkey" PRIMARY KEY ("shop_id")
);

-- CreateTable
CREATE TABLE "affiliates" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "commission_percentage" DECIMAL(5,2) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "affiliates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "affiliate_commissions" (
    "id" SERIAL NOT NULL,
    "affiliate_id" INTEGER NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "amount_usd" DECIMAL(14,2) NOT NULL,
    "credited_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reversed_at" TIMESTAMP(3),
    CONSTRAINT "affiliate_commissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "affiliate_wallet_entries" (
    "id" SERIAL NOT NULL,
    "affiliate_id" INTEGER NOT NULL,
    "amount_usd" DECIMAL(14,2) NOT NULL,
    "kind" TEXT NOT NULL,
    "invoice_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "affiliate_wallet_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resellers" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "api_key_hash" TEXT,
    "api_key_prefix" TEXT,
    "signing_secret" TEXT NOT NULL,
    "dynamic_token" TEXT NOT NULL,
    "approved_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "resellers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reseller_tiers" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "discount_percentage" DECIMAL(5,2) NOT NULL,
    "min_spent_usd" DECIMAL(14,2) NOT NULL,
    "min_sales_count" INTEGER NOT NULL,
    "image_url" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "reseller_tiers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reseller_ledger_entries" (
    "id" SERIAL NOT NULL,
    "reseller_id" INTEGER NOT NULL,
    "amount_usd" DECIMAL(14,2) NOT NULL,
    "balance_after" DECIMAL(14,2) NOT NULL,
    "kind" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "invoice_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reseller_ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" SERIAL NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'in_progress',
    "response_status" INTEGER,
    "response_body" TEXT,
    "response_type" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_outbox" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER,
    "invoice_id" INTEGER,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    CONSTRAINT "email_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_counters" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,
    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("key","window_start")
);

-- CreateTable
CREATE TABLE "app_settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "app_settings_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");
CREATE INDEX "api_keys_user_id_idx" ON "api_keys"("user_id");
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");
CREATE UNIQUE INDEX "shops_subdomain_key" ON "shops"("subdomain");
CREATE INDEX "shops_owner_id_idx" ON "shops"("owner_id");
CREATE UNIQUE INDEX "images_cdn_image_id_key" ON "images"("cdn_image_id");
CREATE INDEX "images_shop_id_id_idx" ON "images"("shop_id", "id");
CREATE INDEX "themes_shop_id_id_idx" ON "themes"("shop_id", "id");
CREATE INDEX "groups_shop_id_id_idx" ON "groups"("shop_id", "id");
CREATE INDEX "products_shop_id_id_idx" ON "products"("shop_id", "id");
CREATE INDEX "products_group_id_idx" ON "products"("group_id");
CREATE UNIQUE INDEX "products_shop_id_path_key" ON "products"("shop_id", "path");
CREATE INDEX "product_images_image_id_idx" ON "product_images"("image_id");
CREATE INDEX "variants_product_id_idx" ON "variants"("product_id");
CREATE INDEX "variants_shop_id_id_idx" ON "variants"("shop_id", "id");
CREATE INDEX "stock_items_invoice_item_id_idx" ON "stock_items"("invoice_item_id");
CREATE UNIQUE INDEX "stock_items_variant_id_value_key" ON "stock_items"("variant_id", "value");
CREATE INDEX "custom_fields_shop_id_id_idx" ON "custom_fields"("shop_id", "id");
CREATE INDEX "custom_field_attachments_morphable_type_morphable_id_idx" ON "custom_field_attachments"("morphable_type", "morphable_id");
CREATE UNIQUE INDEX "customers_shop_id_email_key" ON "customers"("shop_id", "email");
CREATE UNIQUE INDEX "coupons_shop_id_code_key" ON "coupons"("shop_id", "code");
CREATE INDEX "coupon_products_product_id_idx" ON "coupon_products"("product_id");
CREATE UNIQUE INDEX "invoices_unique_id_key" ON "invoices"("unique_id");
CREATE INDEX "invoices_shop_id_id_idx" ON "invoices"("shop_id", "id");
CREATE INDEX "invoices_shop_id_created_at_id_idx" ON "invoices"("shop_id", "created_at" DESC, "id" DESC);
CREATE INDEX "invoices_shop_id_status_id_idx" ON "invoices"("shop_id", "status", "id");
CREATE INDEX "invoices_shop_id_price_usd_idx" ON "invoices"("shop_id", "price_usd");
CREATE INDEX "invoices_shop_id_paid_usd_idx" ON "invoices"("shop_id", "paid_usd");
CREATE INDEX "invoices_shop_id_completed_at_idx" ON "invoices"("shop_id", "completed_at");
CREATE INDEX "invoices_shop_id_gateway_idx" ON "invoices"("shop_id", "gateway");
CREATE INDEX "invoices_shop_id_customer_id_idx" ON "invoices"("shop_id", "customer_id");
CREATE INDEX "invoices_reseller_id_id_idx" ON "invoices"("reseller_id", "id");
CREATE INDEX "invoices_email_trgm_idx" ON "invoices" USING GIN ("email" gin_trgm_ops);
CREATE INDEX "invoice_items_invoice_id_idx" ON "invoice_items"("invoice_id");
CREATE INDEX "invoice_items_variant_id_idx" ON "invoice_items"("variant_id");
CREATE INDEX "quantity_deals_shop_id_id_idx" ON "quantity_deals"("shop_id", "id");
CREATE INDEX "bundle_offers_shop_id_id_idx" ON "bundle_offers"("shop_id", "id");
CREATE INDEX "bundle_offer_items_product_id_idx" ON "bundle_offer_items"("product_id");
CREATE INDEX "subscriptions_shop_id_id_idx" ON "subscriptions"("shop_id", "id");
CREATE INDEX "subscriptions_shop_id_status_idx" ON "subscriptions"("shop_id", "status");
CREATE INDEX "notifications_shop_id_created_at_idx" ON "notifications"("shop_id", "created_at" DESC);
CREATE INDEX "affiliates_shop_id_idx" ON "affiliates"("shop_id");
CREATE UNIQUE INDEX "affiliates_customer_id_key" ON "affiliates"("customer_id");
CREATE UNIQUE INDEX "affiliate_commissions_invoice_id_key" ON "affiliate_commissions"("invoice_id");
CREATE INDEX "affiliate_wallet_entries_affiliate_id_idx" ON "affiliate_wallet_entries"("affiliate_id");
CREATE UNIQUE INDEX "resellers_api_key_hash_key" ON "resellers"("api_key_hash");
CREATE UNIQUE INDEX "resellers_dynamic_token_key" ON "resellers"("dynamic_token");
CREATE UNIQUE INDEX "resellers_shop_id_user_id_key" ON "resellers"("shop_id", "user_id");
CREATE INDEX "reseller_tiers_shop_id_idx" ON "reseller_tiers"("shop_id");
CREATE INDEX "reseller_ledger_entries_reseller_id_id_idx" ON "reseller_ledger_entries"("reseller_id", "id");
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");
CREATE UNIQUE INDEX "idempotency_records_scope_key_key" ON "idempotency_records"("scope", "key");
CREATE INDEX "email_outbox_status_id_idx" ON "email_outbox"("status", "id");
CREATE INDEX "email_outbox_invoice_id_idx" ON "email_outbox"("invoice_id");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_reseller_id_fkey" FOREIGN KEY ("reseller_id") REFERENCES "resellers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shops" ADD CONSTRAINT "shops_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shops" ADD CONSTRAINT "shops_logo_image_id_fkey" FOREIGN KEY ("logo_image_id") REFERENCES "images"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "shops" ADD CONSTRAINT "shops_favicon_image_id_fkey" FOREIGN KEY ("favicon_image_id") REFERENCES "images"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "shops" ADD CONSTRAINT "shops_background_image_id_fkey" FOREIGN KEY ("background_image_id") REFERENCES "images"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "shops" ADD CONSTRAINT "shops_theme_id_fkey" FOREIGN KEY ("theme_id") REFERENCES "themes"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "images" ADD CONSTRAINT "images_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "themes" ADD CONSTRAINT "themes_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "themes" ADD CONSTRAINT "themes_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "groups" ADD CONSTRAINT "groups_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "groups" ADD CONSTRAINT "groups_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "products" ADD CONSTRAINT "products_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stock_items" ADD CONSTRAINT "stock_items_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stock_items" ADD CONSTRAINT "stock_items_invoice_item_id_fkey" FOREIGN KEY ("invoice_item_id") REFERENCES "invoice_items"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "custom_field_attachments" ADD CONSTRAINT "custom_field_attachments_custom_field_id_fkey" FOREIGN KEY ("custom_field_id") REFERENCES "custom_fields"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "customers" ADD CONSTRAINT "customers_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "coupon_products" ADD CONSTRAINT "coupon_products_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "coupon_products" ADD CONSTRAINT "coupon_products_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_affiliate_id_fkey" FOREIGN KEY ("affiliate_id") REFERENCES "affiliates"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reseller_id_fkey" FOREIGN KEY ("reseller_id") REFERENCES "resellers"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "quantity_deals" ADD CONSTRAINT "quantity_deals_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "quantity_deals" ADD CONSTRAINT "quantity_deals_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "quantity_deals" ADD CONSTRAINT "quantity_deals_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bundle_offers" ADD CONSTRAINT "bundle_offers_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bundle_offer_items" ADD CONSTRAINT "bundle_offer_items_bundle_offer_id_fkey" FOREIGN KEY ("bundle_offer_id") REFERENCES "bundle_offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bundle_offer_items" ADD CONSTRAINT "bundle_offer_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_id_fkey" FOREIGN KEY ("affiliate_id") REFERENCES "affiliates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "affiliate_wallet_entries" ADD CONSTRAINT "affiliate_wallet_entries_affiliate_id_fkey" FOREIGN KEY ("affiliate_id") REFERENCES "affiliates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "reseller_tiers" ADD CONSTRAINT "reseller_tiers_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "reseller_ledger_entries" ADD CONSTRAINT "reseller_ledger_entries_reseller_id_fkey" FOREIGN KEY ("reseller_id") REFERENCES "resellers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "reseller_ledger_entries" ADD CONSTRAINT "reseller_ledger_entries_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Invoice counts per (shop, status) for the list's `total` without a scan
-- over a million rows. One ordered upsert per change (old status -1, new +1
-- in one statement) so concurrent writers take row locks in the same order.
CREATE FUNCTION "invoice_status_counts_apply"() RETURNS TRIGGER AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW."status" = OLD."status" AND NEW."shop_id" = OLD."shop_id" THEN
        RETURN NULL;
    END IF;
    INSERT INTO "invoice_status_counts" ("shop_id", "status", "slot", "count")
    SELECT d.shop_id, d.status, d.slot, d.delta FROM (
        SELECT OLD."shop_id" AS shop_id, OLD."status" AS status, OLD."id" % 16 AS slot, -1::BIGINT AS delta
            WHERE TG_OP IN ('UPDATE', 'DELETE')
        UNION ALL
        SELECT NEW."shop_id", NEW."status", NEW."id" % 16, 1::BIGINT
            WHERE TG_OP IN ('UPDATE', 'INSERT')
    ) d
    ORDER BY d.shop_id, d.status, d.slot
    ON CONFLICT ("shop_id", "status", "slot")
    DO UPDATE SET "count" = "invoice_status_counts"."count" + EXCLUDED."count";
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "invoices_status_counts"
AFTER INSERT OR DELETE OR UPDATE OF "status", "shop_id" ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoice_status_counts_apply"();
