-- Proof-of-work challenges a storefront checkout has accepted, kept until the
-- challenge expires: a challenge lets one checkout through, so every app
-- process refuses its second use (lib/storefront/challenge.ts).
CREATE TABLE "storefront_challenges_used" (
    "signature" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "storefront_challenges_used_pkey" PRIMARY KEY ("signature")
);

CREATE INDEX "storefront_challenges_used_expires_at_idx" ON "storefront_challenges_used"("expires_at");
