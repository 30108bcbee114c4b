-- Coupon codes are unique per shop regardless of case (customers type them),
-- so two concurrent creates of "Summer" and "SUMMER" cannot both succeed.
CREATE UNIQUE INDEX "coupons_shop_id_lower_code_key" ON "coupons"("shop_id", lower("code"));
