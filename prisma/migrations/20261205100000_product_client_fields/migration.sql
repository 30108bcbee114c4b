-- Product fields the clients of this API family send (issue 29), each
-- accepted by product create/update and the bulk-update routes.
ALTER TABLE "products" ADD COLUMN "disabled_payment_methods" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "products" ADD COLUMN "discord_required" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "products" ADD COLUMN "discord_roles" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "products" ADD COLUMN "badges" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "products" ADD COLUMN "status_color" TEXT;
ALTER TABLE "products" ADD COLUMN "status_text" TEXT;
ALTER TABLE "products" ADD COLUMN "live_stats" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "products" ADD COLUMN "feedback_coupon_id" INTEGER;
ALTER TABLE "products" ADD COLUMN "disable_volume_discounts_if_coupon" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "products" ADD COLUMN "redirect_url" TEXT;
ALTER TABLE "products" ADD COLUMN "deliverables_label" TEXT;

ALTER TABLE "products" ADD CONSTRAINT "products_feedback_coupon_id_fkey" FOREIGN KEY ("feedback_coupon_id") REFERENCES "coupons"("id") ON DELETE SET NULL ON UPDATE CASCADE;
