-- Applications to resell from an address whose account they did not prove: the account and the
-- application are made only when the mailbox's owner opens the e-mailed link (lib/reseller/apply.ts).
CREATE TABLE "reseller_signups" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "client_group" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reseller_signups_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reseller_signups_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "reseller_signups_token_hash_key" ON "reseller_signups"("token_hash");
CREATE INDEX "reseller_signups_expires_at_idx" ON "reseller_signups"("expires_at");
