-- Unsold serials of a variant, oldest first: what delivery takes (FOR UPDATE
-- SKIP LOCKED ... ORDER BY id) and what every stock count reads. Without it
-- both walk the variant's sold serials too, which grow with every sale.
CREATE INDEX "stock_items_unsold_idx" ON "stock_items" ("variant_id", "id") WHERE "invoice_item_id" IS NULL;
