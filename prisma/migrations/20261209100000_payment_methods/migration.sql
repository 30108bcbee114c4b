-- One record per gateway of a shop (lib/payment-methods); shops.valid_payment_methods
-- stays, derived from the enabled records in position order by the application.
CREATE TABLE "payment_methods" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "gateway" TEXT NOT NULL,
    "display_name" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "min_amount" DECIMAL(14,2),
    "max_amount" DECIMAL(14,2),
    "fee_percent" DECIMAL(5,2),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "payment_methods_shop_id_gateway_key" ON "payment_methods"("shop_id", "gateway");
CREATE INDEX "payment_methods_shop_id_position_idx" ON "payment_methods"("shop_id", "position");

ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each gateway a shop has today becomes an enabled record, in the shop's order
-- (a code listed twice keeps its first place).
INSERT INTO "payment_methods" ("shop_id", "gateway", "enabled", "position", "updated_at")
SELECT s."id", upper(m."code"), true, (min(m."ordinality") - 1)::INTEGER, CURRENT_TIMESTAMP
FROM "shops" s, unnest(s."valid_payment_methods") WITH ORDINALITY AS m("code", "ordinality")
GROUP BY s."id", upper(m."code");
