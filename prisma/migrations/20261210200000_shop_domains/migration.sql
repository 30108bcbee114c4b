-- A shop's custom domains (lib/domains): a host name that serves the shop's
-- storefront once a TXT record at `_shopdesk.<domain>` proves the seller
-- controls it. One domain belongs to one shop (the unique index, across
-- every shop). `next_check_at` orders the background checks, and a check in
-- progress pushes it ahead as its claim (lib/domains/worker.ts).
CREATE TABLE "shop_domains" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "domain" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "verified_at" TIMESTAMP(3),
    "last_checked_at" TIMESTAMP(3),
    "last_error" TEXT,
    "next_check_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "shop_domains_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "shop_domains_domain_key" ON "shop_domains"("domain");
CREATE INDEX "shop_domains_shop_id_idx" ON "shop_domains"("shop_id");
CREATE INDEX "shop_domains_next_check_at_idx" ON "shop_domains"("next_check_at");

ALTER TABLE "shop_domains" ADD CONSTRAINT "shop_domains_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every server process keeps a small cache of which verified domain serves
-- which shop (lib/domains/host-cache.ts). A change that can alter an answer
-- sends the domain on the `shop_domains` channel and each process forgets
-- it: a status change or a removal, or the shop's subdomain (the path its
-- domain is rewritten to) changing. The storefront's pages of the shop
-- expire too (`shop:<id>`): their canonical links name the verified domain.
-- A check that changes no status (last_checked_at only) notifies nothing.
CREATE FUNCTION "shop_domain_changed"() RETURNS TRIGGER AS $$
BEGIN
    PERFORM pg_notify('shop_domains', OLD."domain");
    PERFORM "storefront_notify"('shop:' || OLD."shop_id");
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "shop_domains_status_changed" AFTER UPDATE OF "status" ON "shop_domains"
    FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "shop_domain_changed"();
CREATE TRIGGER "shop_domains_deleted" AFTER DELETE ON "shop_domains"
    FOR EACH ROW EXECUTE FUNCTION "shop_domain_changed"();

CREATE FUNCTION "shop_domains_shop_changed"() RETURNS TRIGGER AS $$
BEGIN
    PERFORM pg_notify('shop_domains', d."domain") FROM "shop_domains" d WHERE d."shop_id" = NEW."id";
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "shops_domains_rerouted" AFTER UPDATE OF "subdomain", "deleted_at" ON "shops"
    FOR EACH ROW WHEN (OLD."subdomain" IS DISTINCT FROM NEW."subdomain" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at")
    EXECUTE FUNCTION "shop_domains_shop_changed"();
