-- The gateway's payment method fee (or discount) priced into an invoice's total (lib/pricing/calculator.ts, step 5).
-- Existing invoices were priced without one: 0.
ALTER TABLE "invoices" ADD COLUMN "gateway_fee" DECIMAL(14,2) NOT NULL DEFAULT 0;
