-- Analytics rollups (lib/analytics): completed invoices summed per hour, kept by
-- the invoices' own triggers so that every write path (checkout, payments, the
-- reseller purchase, refunds, archiving, SQL in the workers) counts without
-- knowing it. A read sums at most one row per hour and slot, never the invoices.
--
-- An invoice counts while its status is 'completed', in the hour of its
-- completed_at (UTC), its revenue net of a partial refund (refunded_amount), under its currency and its manual/archived flags (the
-- analytics filters). Each change subtracts the row's old contribution and adds
-- the new one. An invoice inserted as completed (the reseller purchase, the
-- seed) gets its items after it: the per-product rows are then added by the
-- items' own trigger, and by the invoice's only when it changes later.
-- Hot rows (a shop's current hour, a best-selling product's) are split into
-- slots by invoice id, as invoice_status_counts is, so concurrent purchases do
-- not queue on one row lock.

CREATE TABLE "analytics_hourly" (
    "shop_id" INTEGER NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "currency" TEXT NOT NULL,
    "manual" BOOLEAN NOT NULL,
    "archived" BOOLEAN NOT NULL,
    "slot" INTEGER NOT NULL,
    "orders" BIGINT NOT NULL DEFAULT 0,
    "revenue_usd" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "revenue" DECIMAL(20,2) NOT NULL DEFAULT 0,
    -- customers whose first completed invoice at the shop is in this hour (under that invoice's currency and flags)
    "new_customers" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "analytics_hourly_pkey" PRIMARY KEY ("shop_id", "hour", "currency", "manual", "archived", "slot"),
    CONSTRAINT "analytics_hourly_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE
);

CREATE TABLE "analytics_product_hourly" (
    "shop_id" INTEGER NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "product_id" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "manual" BOOLEAN NOT NULL,
    "archived" BOOLEAN NOT NULL,
    "slot" INTEGER NOT NULL,
    "orders" BIGINT NOT NULL DEFAULT 0,
    "quantity" BIGINT NOT NULL DEFAULT 0,
    "revenue_usd" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "revenue" DECIMAL(20,2) NOT NULL DEFAULT 0,
    CONSTRAINT "analytics_product_hourly_pkey" PRIMARY KEY ("shop_id", "hour", "product_id", "currency", "manual", "archived", "slot"),
    CONSTRAINT "analytics_product_hourly_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE
);

-- One row per customer and hour: the top customers read it.
CREATE TABLE "analytics_customer_hourly" (
    "shop_id" INTEGER NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "manual" BOOLEAN NOT NULL,
    "archived" BOOLEAN NOT NULL,
    "orders" BIGINT NOT NULL DEFAULT 0,
    "revenue_usd" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "revenue" DECIMAL(20,2) NOT NULL DEFAULT 0,
    CONSTRAINT "analytics_customer_hourly_pkey" PRIMARY KEY ("shop_id", "hour", "customer_id", "currency", "manual", "archived"),
    CONSTRAINT "analytics_customer_hourly_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE
);

-- A completed invoice's revenue, in its currency or in USD: what was paid, less a partial refund
-- (refunded_amount is in the invoice currency; its USD share is in proportion to the total).
CREATE FUNCTION "analytics_revenue"(inv "invoices", usd BOOLEAN) RETURNS DECIMAL AS $$
    SELECT CASE WHEN usd
        THEN round(coalesce(inv."paid_usd", inv."price_usd")
                   * CASE WHEN inv."refunded_amount" IS NULL OR inv."price" = 0 THEN 1 ELSE 1 - inv."refunded_amount" / inv."price" END, 2)
        ELSE coalesce(inv."paid", inv."price") - coalesce(inv."refunded_amount", 0)
    END;
$$ LANGUAGE sql IMMUTABLE;

-- Adds (sign 1) or subtracts (sign -1) one completed invoice's contribution.
-- with_items: also the per-product rows, from the invoice's items as they are now.
CREATE FUNCTION "analytics_add"(inv "invoices", sign INTEGER, with_items BOOLEAN) RETURNS VOID AS $$
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
        INSERT INTO "analytics_customer_hourly" AS t ("shop_id", "hour", "customer_id", "currency", "manual", "archived", "orders", "revenue_usd", "revenue")
        VALUES (inv."shop_id", at, inv."customer_id", inv."currency", inv."manual", inv."archived", sign, sign * revenue_usd, sign * revenue)
        ON CONFLICT ("shop_id", "hour", "customer_id", "currency", "manual", "archived") DO UPDATE SET
            "orders" = t."orders" + EXCLUDED."orders",
            "revenue_usd" = t."revenue_usd" + EXCLUDED."revenue_usd",
            "revenue" = t."revenue" + EXCLUDED."revenue";
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

-- A customer's first completed invoice at the shop (the earliest completion), or none.
CREATE FUNCTION "analytics_first_purchase"(shop INTEGER, customer INTEGER) RETURNS "invoices" AS $$
    SELECT i.* FROM "invoices" i WHERE i."shop_id" = shop AND i."customer_id" = customer AND i."status" = 'completed'
    ORDER BY coalesce(i."completed_at", i."created_at"), i."id" LIMIT 1;
$$ LANGUAGE sql STABLE;

-- Which invoice each customer is counted as new by, as counted: the triggers compare it with the customer's first
-- purchase now, so a statement that writes several of one customer's invoices still counts them once.
-- No foreign key: a deleted customer's invoices lose their customer_id one by one, and each of those updates
-- takes the count back through this row.
CREATE TABLE "analytics_first_purchases" (
    "customer_id" INTEGER NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "currency" TEXT NOT NULL,
    "manual" BOOLEAN NOT NULL,
    "archived" BOOLEAN NOT NULL,
    CONSTRAINT "analytics_first_purchases_pkey" PRIMARY KEY ("customer_id")
);

-- Counts (sign 1) or takes back (sign -1) one new customer in an hour and under its flags.
CREATE FUNCTION "analytics_new_customer"(first "analytics_first_purchases", sign INTEGER) RETURNS VOID AS $$
BEGIN
    INSERT INTO "analytics_hourly" AS t ("shop_id", "hour", "currency", "manual", "archived", "slot", "new_customers")
    VALUES (first."shop_id", first."hour", first."currency", first."manual", first."archived", first."invoice_id" % 16, sign)
    ON CONFLICT ("shop_id", "hour", "currency", "manual", "archived", "slot") DO UPDATE SET
        "new_customers" = t."new_customers" + EXCLUDED."new_customers";
END;
$$ LANGUAGE plpgsql;

-- After a change of one of a customer's invoices: when their first purchase is now another invoice (or the same one
-- in another hour or under other flags) than the one counted, the count moves there. The customer's row is locked
-- first, so two of their invoices completing at once are counted one after the other.
CREATE FUNCTION "analytics_first_purchase_moved"(shop INTEGER, customer INTEGER) RETURNS VOID AS $$
DECLARE
    first "invoices";
    counted "analytics_first_purchases";
    now_counted "analytics_first_purchases";
BEGIN
    PERFORM 1 FROM "customers" WHERE "id" = customer FOR UPDATE;
    first := "analytics_first_purchase"(shop, customer);
    SELECT * INTO counted FROM "analytics_first_purchases" WHERE "customer_id" = customer;
    IF first."id" IS NOT NULL THEN
        now_counted := ROW(customer, first."shop_id", first."id", date_trunc('hour', coalesce(first."completed_at", first."created_at")),
                           first."currency", first."manual", first."archived");
    END IF;
    IF counted IS NOT DISTINCT FROM now_counted THEN
        RETURN;
    END IF;
    IF counted."customer_id" IS NOT NULL THEN
        PERFORM "analytics_new_customer"(counted, -1);
        DELETE FROM "analytics_first_purchases" WHERE "customer_id" = customer;
    END IF;
    IF now_counted."customer_id" IS NOT NULL THEN
        PERFORM "analytics_new_customer"(now_counted, 1);
        INSERT INTO "analytics_first_purchases" VALUES (now_counted.*);
    END IF;
END;
$$ LANGUAGE plpgsql;

-- An inserted invoice has no items yet; a deleted one has lost them (ON DELETE CASCADE runs first): per-product
-- rows follow the items' trigger in both cases, and analytics_rebuild repairs a deleted completed invoice's.
CREATE FUNCTION "analytics_apply"() RETURNS TRIGGER AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'completed' THEN
        PERFORM "analytics_add"(OLD, -1, TG_OP = 'UPDATE');
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" = 'completed' THEN
        PERFORM "analytics_add"(NEW, 1, TG_OP = 'UPDATE');
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."customer_id" IS NOT NULL THEN
        PERFORM "analytics_first_purchase_moved"(OLD."shop_id", OLD."customer_id");
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."customer_id" IS NOT NULL
       AND (TG_OP = 'INSERT' OR NEW."customer_id" IS DISTINCT FROM OLD."customer_id") THEN
        PERFORM "analytics_first_purchase_moved"(NEW."shop_id", NEW."customer_id");
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "invoices_analytics_insert" AFTER INSERT ON "invoices"
    FOR EACH ROW
    WHEN (NEW."status" = 'completed')
    EXECUTE FUNCTION "analytics_apply"();

CREATE TRIGGER "invoices_analytics_update" AFTER UPDATE ON "invoices"
    FOR EACH ROW
    WHEN ((OLD."status" = 'completed' OR NEW."status" = 'completed')
        AND (OLD."status", OLD."completed_at", OLD."currency", OLD."manual", OLD."archived", OLD."customer_id",
             OLD."paid_usd", OLD."price_usd", OLD."paid", OLD."price", OLD."refunded_amount", OLD."shop_id")
        IS DISTINCT FROM
            (NEW."status", NEW."completed_at", NEW."currency", NEW."manual", NEW."archived", NEW."customer_id",
             NEW."paid_usd", NEW."price_usd", NEW."paid", NEW."price", NEW."refunded_amount", NEW."shop_id"))
    EXECUTE FUNCTION "analytics_apply"();

CREATE TRIGGER "invoices_analytics_delete" AFTER DELETE ON "invoices"
    FOR EACH ROW
    WHEN (OLD."status" = 'completed')
    EXECUTE FUNCTION "analytics_apply"();

-- An item of an invoice that is already completed: added (sign 1) or taken back (sign -1).
CREATE FUNCTION "analytics_item_add"(item "invoice_items", sign INTEGER) RETURNS VOID AS $$
DECLARE
    inv "invoices";
BEGIN
    IF item."product_id" IS NULL THEN
        RETURN;
    END IF;
    SELECT * INTO inv FROM "invoices" WHERE "id" = item."invoice_id" AND "status" = 'completed';
    IF NOT FOUND THEN
        RETURN;
    END IF;
    INSERT INTO "analytics_product_hourly" AS t ("shop_id", "hour", "product_id", "currency", "manual", "archived", "slot", "orders", "quantity", "revenue_usd", "revenue")
    VALUES (inv."shop_id", date_trunc('hour', coalesce(inv."completed_at", inv."created_at")), item."product_id", inv."currency",
            inv."manual", inv."archived", inv."id" % 8,
            -- an invoice counts as one order of a product, with the first of its items of that product
            CASE WHEN EXISTS (SELECT 1 FROM "invoice_items" o WHERE o."invoice_id" = inv."id" AND o."product_id" = item."product_id"
                              AND o."id" <> item."id") THEN 0 ELSE sign END,
            sign * item."quantity", sign * item."total_price_usd", sign * item."total_price")
    ON CONFLICT ("shop_id", "hour", "product_id", "currency", "manual", "archived", "slot") DO UPDATE SET
        "orders" = t."orders" + EXCLUDED."orders",
        "quantity" = t."quantity" + EXCLUDED."quantity",
        "revenue_usd" = t."revenue_usd" + EXCLUDED."revenue_usd",
        "revenue" = t."revenue" + EXCLUDED."revenue";
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION "analytics_item_apply"() RETURNS TRIGGER AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        PERFORM "analytics_item_add"(OLD, -1);
    END IF;
    PERFORM "analytics_item_add"(NEW, 1);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "invoice_items_analytics_insert" AFTER INSERT ON "invoice_items"
    FOR EACH ROW EXECUTE FUNCTION "analytics_item_apply"();

CREATE TRIGGER "invoice_items_analytics_update" AFTER UPDATE OF "product_id", "quantity", "total_price", "total_price_usd" ON "invoice_items"
    FOR EACH ROW EXECUTE FUNCTION "analytics_item_apply"();

-- Folds the slots of hours before `before` into slot 0: slots spread the current hour's writes, and an hour no
-- longer written needs one row per currency and flags, not sixteen (a late refund into a compacted hour makes a
-- slot row again, folded the next time). lib/analytics/compaction.ts runs it every few minutes.
CREATE FUNCTION "analytics_compact"(before TIMESTAMP) RETURNS VOID AS $$
    WITH moved AS (
        DELETE FROM "analytics_hourly" WHERE "hour" < before AND "slot" <> 0 RETURNING *
    )
    INSERT INTO "analytics_hourly" AS t ("shop_id", "hour", "currency", "manual", "archived", "slot", "orders", "revenue_usd", "revenue", "new_customers")
    SELECT "shop_id", "hour", "currency", "manual", "archived", 0, sum("orders"), sum("revenue_usd"), sum("revenue"), sum("new_customers")
    FROM moved GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ("shop_id", "hour", "currency", "manual", "archived", "slot") DO UPDATE SET
        "orders" = t."orders" + EXCLUDED."orders",
        "revenue_usd" = t."revenue_usd" + EXCLUDED."revenue_usd",
        "revenue" = t."revenue" + EXCLUDED."revenue",
        "new_customers" = t."new_customers" + EXCLUDED."new_customers";
    WITH moved AS (
        DELETE FROM "analytics_product_hourly" WHERE "hour" < before AND "slot" <> 0 RETURNING *
    )
    INSERT INTO "analytics_product_hourly" AS t ("shop_id", "hour", "product_id", "currency", "manual", "archived", "slot", "orders", "quantity", "revenue_usd", "revenue")
    SELECT "shop_id", "hour", "product_id", "currency", "manual", "archived", 0, sum("orders"), sum("quantity"), sum("revenue_usd"), sum("revenue")
    FROM moved GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("shop_id", "hour", "product_id", "currency", "manual", "archived", "slot") DO UPDATE SET
        "orders" = t."orders" + EXCLUDED."orders",
        "quantity" = t."quantity" + EXCLUDED."quantity",
        "revenue_usd" = t."revenue_usd" + EXCLUDED."revenue_usd",
        "revenue" = t."revenue" + EXCLUDED."revenue";
$$ LANGUAGE sql;

-- Recounts one shop's rollups from its invoices (after a bulk load that set the triggers aside, or a repair).
CREATE FUNCTION "analytics_rebuild"(shop INTEGER) RETURNS VOID AS $$
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

    INSERT INTO "analytics_customer_hourly" ("shop_id", "hour", "customer_id", "currency", "manual", "archived", "orders", "revenue_usd", "revenue")
    SELECT i."shop_id", date_trunc('hour', coalesce(i."completed_at", i."created_at")), i."customer_id", i."currency", i."manual", i."archived",
           count(*), sum("analytics_revenue"(i, true)), sum("analytics_revenue"(i, false))
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

SELECT "analytics_rebuild"("id") FROM "shops";
