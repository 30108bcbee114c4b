-- Card-processor webhook events already handled, per shop: a redelivered or
-- replayed event (same id) changes nothing the second time
-- (lib/payments/cardproc-webhook.ts).
CREATE TABLE "cardproc_events" (
    "shop_id" INTEGER NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "invoice_id" INTEGER,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "cardproc_events_pkey" PRIMARY KEY ("shop_id","event_id")
);

ALTER TABLE "cardproc_events" ADD CONSTRAINT "cardproc_events_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The processor's dispute state of a card payment (needs_response, won, lost, ...).
ALTER TABLE "invoices" ADD COLUMN "cardproc_dispute_status" TEXT;

-- The gateway's own payment page (the card processor's checkout), shown on the buyer's page.
ALTER TABLE "invoices" ADD COLUMN "payment_url" TEXT;

-- A checkout holds its coupon's use while it is pending and recent
-- (lib/checkout/coupon-hold.ts counts them under the coupon's row lock).
CREATE INDEX "invoices_coupon_pending_idx" ON "invoices"("coupon_id", "created_at") WHERE "status" = 'pending' AND "coupon_id" IS NOT NULL;
