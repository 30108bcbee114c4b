-- "Find my orders" (lib/orders/lookup.ts): a link e-mailed to a buyer that
-- lists that address's orders in one shop. Only the token's SHA-256 is kept;
-- the link opens once ("used_at", set by one conditional UPDATE) and lapses
-- after an hour ("expires_at"). Rows a day past their expiry are swept when
-- new links are made.
CREATE TABLE "order_lookup_tokens" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "order_lookup_tokens_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "order_lookup_tokens_token_hash_key" ON "order_lookup_tokens"("token_hash");
CREATE INDEX "order_lookup_tokens_expires_at_idx" ON "order_lookup_tokens"("expires_at");
ALTER TABLE "order_lookup_tokens" ADD CONSTRAINT "order_lookup_tokens_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A shop's invoices of one address, newest first, whatever the case the
-- buyer typed it in: the lookup asks "lower(email) = ...", which neither the
-- (shop_id, created_at) index (a scan of the whole shop) nor the trigram
-- index on email serves well. Prisma's schema cannot declare an expression
-- index, so it lives here only (schema.prisma names this migration).
CREATE INDEX "invoices_shop_id_lower_email_created_at_idx" ON "invoices"("shop_id", lower("email"), "created_at" DESC);
