-- Customers can be banned (a banned customer's email is refused at checkout)
-- and carry their last change; the blacklist holds a shop's screening rules
-- (lib/blacklist/screen.ts).
ALTER TABLE "customers" ADD COLUMN "banned" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "customers" ADD COLUMN "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- The list sorts by created_at (id breaks ties).
CREATE INDEX "customers_shop_id_created_at_id_idx" ON "customers"("shop_id", "created_at", "id");

CREATE TABLE "blacklist_entries" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "match_type" TEXT NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "blacklist_entries_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "blacklist_entries_shop_id_type_idx" ON "blacklist_entries"("shop_id", "type");

ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
