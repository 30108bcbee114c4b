-- Customer fields the clients send, and store credit with its ledger.
ALTER TABLE "customers"
  ADD COLUMN "username" TEXT,
  ADD COLUMN "note" TEXT,
  ADD COLUMN "tags" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  ADD COLUMN "balance" DECIMAL(14,2) NOT NULL DEFAULT 0,
  ADD CONSTRAINT "customers_balance_not_negative" CHECK ("balance" >= 0);

CREATE INDEX "customers_shop_id_balance_id_idx" ON "customers"("shop_id", "balance", "id");

CREATE TABLE "customer_balance_entries" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "balance_after" DECIMAL(14,2) NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT,
    "invoice_id" INTEGER,
    "actor_type" TEXT NOT NULL,
    "actor_user_id" INTEGER,
    "actor_api_key_id" INTEGER,
    "actor_label" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "customer_balance_entries_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "customer_balance_entries_customer_id_id_idx" ON "customer_balance_entries"("customer_id", "id");

ALTER TABLE "customer_balance_entries" ADD CONSTRAINT "customer_balance_entries_customer_id_fkey"
  FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "customer_balance_entries" ADD CONSTRAINT "customer_balance_entries_invoice_id_fkey"
  FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE SET NULL ON UPDATE CASCADE;
