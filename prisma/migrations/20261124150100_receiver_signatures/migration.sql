-- Signatures of charged receiver requests, kept for the X-Timestamp window:
-- the signature covers the body only, so the same signed body under another
-- Idempotency-Key is a replay (lib/reseller/receiver-replay.ts).
CREATE TABLE "receiver_signatures" (
    "reseller_id" INTEGER NOT NULL,
    "signature" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "receiver_signatures_pkey" PRIMARY KEY ("reseller_id","signature")
);

CREATE INDEX "receiver_signatures_expires_at_idx" ON "receiver_signatures"("expires_at");

ALTER TABLE "receiver_signatures" ADD CONSTRAINT "receiver_signatures_reseller_id_fkey" FOREIGN KEY ("reseller_id") REFERENCES "resellers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
