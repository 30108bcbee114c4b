-- What the card processor refunded of a completed invoice that stays completed (a partial refund);
-- a full refund sets it to the total and the status to refunded.
ALTER TABLE "invoices" ADD COLUMN "refunded_amount" DECIMAL(14,2);
