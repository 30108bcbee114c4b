-- Top customers sums one row per buyer and hour of its range: tens of thousands of rows, one hash group per
-- buyer, on a busy shop's month. Summed as integers (cents in int8, orders in int4) rather than numeric, the
-- aggregation costs about a third less (lib/analytics/report.ts reads them back as exact decimals).
-- An invoice's revenue has two decimal places (analytics_revenue rounds the USD share; prices are DECIMAL(20,2)),
-- so cents are exact.

CREATE FUNCTION "analytics_cents"(amount DECIMAL) RETURNS BIGINT AS $$
    SELECT round(amount * 100)::BIGINT;
$$ LANGUAGE sql IMMUTABLE;

ALTER TABLE "analytics_customer_hourly"
    ALTER COLUMN "orders" DROP DEFAULT,
    ALTER COLUMN "orders" TYPE INTEGER,
    ALTER COLUMN "orders" SET DEFAULT 0;
ALTER TABLE "analytics_customer_hourly" RENAME COLUMN "revenue_usd" TO "revenue_usd_cents";
ALTER TABLE "analytics_customer_hourly" RENAME COLUMN "revenue" TO "revenue_cents";
ALTER TABLE "analytics_customer_hourly"
    ALTER COLUMN "revenue_usd_cents" DROP DEFAULT,
    ALTER COLUMN "revenue_usd_cents" TYPE BIGINT USING "analytics_cents"("revenue_usd_cents"),
    ALTER COLUMN "revenue_usd_cents" SET DEFAULT 0,
    ALTER COLUMN "revenue_cents" DROP DEFAULT,
    ALTER COLUMN "revenue_cents" TYPE BIGINT USING "analytics_cents"("revenue_cents"),
    ALTER COLUMN "revenue_cents" SET DEFAULT 0;

CREATE OR REPLACE FUNCTION "analytics_add"(inv "invoices", sign INTEGER, with_items BOOLEAN) RETURNS VOID AS $$
DECLARE
    at TIMESTAMP(3) := date_trunc('hour', coalesce(inv."completed_at", inv."created_at"));
    revenue DECIMAL := "analytics_revenue"(inv, false);
    revenue_usd DECIMAL := "analytics_revenue"(inv, true);
BEGIN
    INSERT INTO "analytics_hourly" AS t ("shop_id", "hour", "currency", "manual", "archived", "slot", "orders", "revenue_usd", "revenue")
    VALUES (inv."shop_id", at, inv."currency", inv."manual", inv."archived", inv."id" % 16, sign, sign * revenue_usd, sign * revenue)
    ON CONFLICT ("shop_id", "hour", "currency", "manual", "archived", "slot") DO UPDATE SET
        "orders" = t."orders" + EXCLUDED."orders",
        "revenue_usd" = t."revenue_usd" + EXCLUDED."revenue_usd",
        "revenue" = t."revenue" + EXCLUDED."revenue";

    IF inv."customer_id" IS NOT NULL THEN
        INSERT INTO "analytics_customer_hourly" AS t ("shop_id", "hour", "customer_id", "currency", "manual", "archived", "orders", "revenue_usd_cents", "revenue_cents")
        VALUES (inv."shop_id", at, inv."customer_id", inv."currency", inv."manual", inv."archived", sign, sign * "analytics_cents"(revenue_usd), sign * "analytics_cents"(revenue))
        ON CONFLICT ("shop_id", "hour", "customer_id", "currency", "manual", "archived") DO UPDATE SET
            "orders" = t."orders" + EXCLUDED."orders",
            "revenue_usd_cents" = t."revenue_usd_cents" + EXCLUDED."revenue_usd_cents",
            "revenue_cents" = t."revenue_cents" + EXCLUDED."revenue_cents";
    END IF;

    IF NOT with_items THEN
        RETURN;
    END IF;
    INSERT INTO "analytics_product_hourly" AS t ("shop_id", "hour", "product_id", "currency", "manual", "archived", "slot", "orders", "quantity", "revenue_usd", "revenue")
    SELECT inv."shop_id", at, ii."product_id", inv."currency", inv."manual", inv."archived", inv."id" % 8, sign,
           sign * sum(ii."quantity"), sign * sum(ii."total_price_usd"), sign * sum(ii."total_price")
    FROM "invoice_items" ii
    WHERE ii."invoice_id" = inv."id" AND ii."product_id" IS NOT NULL
    GROUP BY ii."product_id"
    ORDER BY ii."product_id"
    ON CONFLICT ("shop_id", "hour", "product_id", "currency", "manual", "archived", "slot") DO UPDATE SET
        "orders" = t."orders" + EXCLUDED."orders",
        "quantity" = t."quantity" + EXCLUDED."quantity",
        "revenue_usd" = t."revenue_usd" + EXCLUDED."revenue_usd",
        "revenue" = t."revenue" + EXCLUDED."revenue";
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION "analytics_rebuild"(shop INTEGER) RETURNS VOID AS $$
BEGIN
    DELETE FROM "analytics_hourly" WHERE "shop_id" = shop;
    DELETE FROM "analytics_product_hourly" WHERE "shop_id" = shop;
    DELETE FROM "analytics_customer_hourly" WHERE "shop_id" = shop;

    INSERT INTO "analytics_hourly" ("shop_id", "hour", "currency", "manual", "archived", "slot", "orders", "revenue_usd", "revenue")
    SELECT i."shop_id", date_trunc('hour', coalesce(i."completed_at", i."created_at")), i."currency", i."manual", i."archived", 0,
           count(*), sum("analytics_revenue"(i, true)), sum("analytics_revenue"(i, false))
    FROM "invoices" i WHERE i."shop_id" = shop AND i."status" = 'completed'
    GROUP BY 1, 2, 3, 4, 5;

    DELETE FROM "analytics_first_purchases" WHERE "shop_id" = shop;
    INSERT INTO "analytics_first_purchases"
    SELECT DISTINCT ON (i."customer_id") i."customer_id", i."shop_id", i."id", date_trunc('hour', coalesce(i."completed_at", i."created_at")),
           i."currency", i."manual", i."archived"
    FROM "invoices" i
    WHERE i."shop_id" = shop AND i."status" = 'completed' AND i."customer_id" IS NOT NULL
    ORDER BY i."customer_id", coalesce(i."completed_at", i."created_at"), i."id";
    INSERT INTO "analytics_hourly" AS t ("shop_id", "hour", "currency", "manual", "archived", "slot", "new_customers")
    SELECT f."shop_id", f."hour", f."currency", f."manual", f."archived", 0, count(*)
    FROM "analytics_first_purchases" f WHERE f."shop_id" = shop
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ("shop_id", "hour", "currency", "manual", "archived", "slot") DO UPDATE SET "new_customers" = EXCLUDED."new_customers";

    INSERT INTO "analytics_customer_hourly" ("shop_id", "hour", "customer_id", "currency", "manual", "archived", "orders", "revenue_usd_cents", "revenue_cents")
    SELECT i."shop_id", date_trunc('hour', coalesce(i."completed_at", i."created_at")), i."customer_id", i."currency", i."manual", i."archived",
           count(*), sum("analytics_cents"("analytics_revenue"(i, true))), sum("analytics_cents"("analytics_revenue"(i, false)))
    FROM "invoices" i WHERE i."shop_id" = shop AND i."status" = 'completed' AND i."customer_id" IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6;

    INSERT INTO "analytics_product_hourly" ("shop_id", "hour", "product_id", "currency", "manual", "archived", "slot", "orders", "quantity", "revenue_usd", "revenue")
    SELECT i."shop_id", date_trunc('hour', coalesce(i."completed_at", i."created_at")), ii."product_id", i."currency", i."manual", i."archived", 0,
           count(DISTINCT i."id"), sum(ii."quantity"), sum(ii."total_price_usd"), sum(ii."total_price")
    FROM "invoices" i JOIN "invoice_items" ii ON ii."invoice_id" = i."id"
    WHERE i."shop_id" = shop AND i."status" = 'completed' AND ii."product_id" IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6;
END;
$$ LANGUAGE plpgsql;
