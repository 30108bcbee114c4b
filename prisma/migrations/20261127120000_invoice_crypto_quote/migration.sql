-- The BTC/LTC quote fixed on a pending invoice for a window (lib/payments/crypto-quote.ts):
-- the amount in the coin (rounded up to satoshis), the rate it was made at
-- (invoice currency per coin), and when it lapses. Made lazily when the
-- buyer's page first asks, and again after it lapses. The older
-- "crypto_amount" TEXT column keeps its meaning (the total in the invoice's
-- own currency, as the invoice API has always shown it).
ALTER TABLE "invoices" ADD COLUMN "crypto_coin_amount" DECIMAL(20,8);
ALTER TABLE "invoices" ADD COLUMN "crypto_rate" DECIMAL(24,8);
ALTER TABLE "invoices" ADD COLUMN "crypto_quote_expires_at" TIMESTAMP(3);
