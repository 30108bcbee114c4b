-- Coupon fields the clients of this API family send (issue 29): a per-customer use limit, a start date,
-- an order minimum, and whether a volume discount (quantity deal) excludes the coupon.
ALTER TABLE "coupons" ADD COLUMN "max_uses_per_customer" INTEGER;
ALTER TABLE "coupons" ADD COLUMN "start_date" TIMESTAMP(3);
ALTER TABLE "coupons" ADD COLUMN "min_invoice_price" DECIMAL(14,2);
ALTER TABLE "coupons" ADD COLUMN "disable_if_volume_discount" BOOLEAN NOT NULL DEFAULT false;
