-- Running totals on the reseller row, so that a purchase reads everything it
-- decides on (balance, spent, sales for the tier) in the one statement that
-- locks the row, instead of aggregating the reseller's whole history per
-- purchase. Triggers keep them in the transaction of every change, whoever
-- makes it (purchases, credits, refunds, a seller cancelling an invoice).

ALTER TABLE "resellers" ADD COLUMN "balance_usd" DECIMAL(14,2) NOT NULL DEFAULT 0;
ALTER TABLE "resellers" ADD COLUMN "spent_usd" DECIMAL(14,2) NOT NULL DEFAULT 0;
ALTER TABLE "resellers" ADD COLUMN "sales_count" INTEGER NOT NULL DEFAULT 0;

UPDATE "resellers" r SET "balance_usd" = l."balance_after"
FROM (SELECT DISTINCT ON ("reseller_id") "reseller_id", "balance_after" FROM "reseller_ledger_entries" ORDER BY "reseller_id", "id" DESC) l
WHERE r."id" = l."reseller_id";

-- What the tier counts (lib/reseller/tiers.ts): completed or pending reseller invoices.
UPDATE "resellers" r SET "spent_usd" = h."spent", "sales_count" = h."sales"
FROM (
    SELECT "reseller_id", sum("price_usd") AS "spent", count(*) AS "sales" FROM "invoices"
    WHERE "reseller_id" IS NOT NULL AND "status" IN ('completed', 'pending') GROUP BY "reseller_id"
) h
WHERE r."id" = h."reseller_id";

-- The ledger's last balance_after is the balance: every writer appends under the reseller row lock.
CREATE FUNCTION "reseller_balance_appended"() RETURNS TRIGGER AS $$
BEGIN
    UPDATE "resellers" SET "balance_usd" = NEW."balance_after" WHERE "id" = NEW."reseller_id";
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "reseller_ledger_balance" AFTER INSERT ON "reseller_ledger_entries"
FOR EACH ROW EXECUTE FUNCTION "reseller_balance_appended"();

CREATE FUNCTION "reseller_history_changed"() RETURNS TRIGGER AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."reseller_id" IS NOT NULL AND OLD."status" IN ('completed', 'pending') THEN
        UPDATE "resellers" SET "spent_usd" = "spent_usd" - OLD."price_usd", "sales_count" = "sales_count" - 1
        WHERE "id" = OLD."reseller_id";
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."reseller_id" IS NOT NULL AND NEW."status" IN ('completed', 'pending') THEN
        UPDATE "resellers" SET "spent_usd" = "spent_usd" + NEW."price_usd", "sales_count" = "sales_count" + 1
        WHERE "id" = NEW."reseller_id";
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Only reseller invoices call the function: a shop's own orders (and the
-- benchmark's bulk load) pay nothing for it.
CREATE TRIGGER "invoices_reseller_history_inserted" AFTER INSERT ON "invoices"
FOR EACH ROW WHEN (NEW."reseller_id" IS NOT NULL) EXECUTE FUNCTION "reseller_history_changed"();

CREATE TRIGGER "invoices_reseller_history_updated" AFTER UPDATE OF "status", "price_usd", "reseller_id" ON "invoices"
FOR EACH ROW WHEN (OLD."reseller_id" IS NOT NULL OR NEW."reseller_id" IS NOT NULL) EXECUTE FUNCTION "reseller_history_changed"();

CREATE TRIGGER "invoices_reseller_history_deleted" AFTER DELETE ON "invoices"
FOR EACH ROW WHEN (OLD."reseller_id" IS NOT NULL) EXECUTE FUNCTION "reseller_history_changed"();
