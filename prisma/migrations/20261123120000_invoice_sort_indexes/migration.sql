-- The invoice list sorts by price_usd, paid_usd and completed_at with id as the
-- tie-breaker and NULL as the smallest value (lib/invoices/list.ts). These
-- indexes give that order read forwards (DESC) or backwards (ASC), so a page
-- is an index range scan instead of a sort of every invoice of the shop.
DROP INDEX "invoices_shop_id_price_usd_idx";
DROP INDEX "invoices_shop_id_paid_usd_idx";
DROP INDEX "invoices_shop_id_completed_at_idx";
CREATE INDEX "invoices_shop_price_usd_order_idx" ON "invoices" ("shop_id", "price_usd" DESC NULLS LAST, "id" DESC);
CREATE INDEX "invoices_shop_paid_usd_order_idx" ON "invoices" ("shop_id", "paid_usd" DESC NULLS LAST, "id" DESC);
CREATE INDEX "invoices_shop_completed_at_order_idx" ON "invoices" ("shop_id", "completed_at" DESC NULLS LAST, "id" DESC);
