-- The storefront's cached pages are expired by the database itself: a row a
-- buyer sees changes, its trigger sends the page's cache tags on the
-- `storefront` channel, and every server process LISTENs and expires them
-- (lib/storefront/cache-tags.ts names the tags, cache-listener.ts receives
-- them). NOTIFY is delivered at commit, and not at all on rollback, so a
-- page is never expired for a change that did not happen; a write through
-- any process, worker, script or plain SQL is seen by all of them.
-- Identical notifications of one transaction are delivered once, so a bulk
-- change of one shop's rows sends its tags once.

CREATE FUNCTION "storefront_notify"(tags text) RETURNS void AS $$
BEGIN
    PERFORM pg_notify('storefront', tags);
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION "storefront_shop_changed"() RETURNS TRIGGER AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM "storefront_notify"('shop:' || OLD."id" || ',subdomain:' || OLD."subdomain"); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM "storefront_notify"('shop:' || NEW."id" || ',subdomain:' || NEW."subdomain"); END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- groups, themes, images: shown on every page of their shop
CREATE FUNCTION "storefront_shop_part_changed"() RETURNS TRIGGER AS $$
BEGIN
    PERFORM "storefront_notify"('shop:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD."shop_id" ELSE NEW."shop_id" END));
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION "storefront_product_changed"() RETURNS TRIGGER AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM "storefront_notify"('catalog:' || OLD."shop_id" || ',product:' || OLD."id"); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM "storefront_notify"('catalog:' || NEW."shop_id" || ',product:' || NEW."id"); END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- variants and quantity deals: their product's page and the home page's card
CREATE FUNCTION "storefront_product_part_changed"() RETURNS TRIGGER AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM "storefront_notify"('catalog:' || OLD."shop_id" || ',product:' || OLD."product_id"); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM "storefront_notify"('catalog:' || NEW."shop_id" || ',product:' || NEW."product_id"); END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION "storefront_product_image_changed"() RETURNS TRIGGER AS $$
BEGIN
    PERFORM "storefront_notify"('catalog:' || p."shop_id" || ',product:' || p."id")
    FROM "products" p WHERE p."id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD."product_id" ELSE NEW."product_id" END);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- bundle offers and custom fields span products: every product page of the shop
CREATE FUNCTION "storefront_extras_changed"() RETURNS TRIGGER AS $$
BEGIN
    PERFORM "storefront_notify"('extras:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD."shop_id" ELSE NEW."shop_id" END));
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION "storefront_bundle_item_changed"() RETURNS TRIGGER AS $$
BEGIN
    PERFORM "storefront_notify"('extras:' || b."shop_id")
    FROM "bundle_offers" b WHERE b."id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD."bundle_offer_id" ELSE NEW."bundle_offer_id" END);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- only a field attached to a product is on a page (an invoice's answers are not)
CREATE FUNCTION "storefront_field_attachment_changed"() RETURNS TRIGGER AS $$
DECLARE
    row_of record;
BEGIN
    IF TG_OP = 'DELETE' THEN row_of := OLD; ELSE row_of := NEW; END IF;
    IF row_of."morphable_type" = 'product' THEN
        PERFORM "storefront_notify"('product:' || row_of."morphable_id");
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "storefront_shops" AFTER INSERT OR UPDATE OR DELETE ON "shops"
    FOR EACH ROW EXECUTE FUNCTION "storefront_shop_changed"();
CREATE TRIGGER "storefront_groups" AFTER INSERT OR UPDATE OR DELETE ON "groups"
    FOR EACH ROW EXECUTE FUNCTION "storefront_shop_part_changed"();
CREATE TRIGGER "storefront_themes" AFTER INSERT OR UPDATE OR DELETE ON "themes"
    FOR EACH ROW EXECUTE FUNCTION "storefront_shop_part_changed"();
CREATE TRIGGER "storefront_images" AFTER UPDATE OR DELETE ON "images"
    FOR EACH ROW EXECUTE FUNCTION "storefront_shop_part_changed"();
CREATE TRIGGER "storefront_products" AFTER INSERT OR UPDATE OR DELETE ON "products"
    FOR EACH ROW EXECUTE FUNCTION "storefront_product_changed"();
CREATE TRIGGER "storefront_variants_written" AFTER INSERT OR DELETE ON "variants"
    FOR EACH ROW EXECUTE FUNCTION "storefront_product_part_changed"();
-- A sale changes the variant's stock counter: the pages show the stock only
-- as a band ("in stock" above LOW_STOCK_UNITS = 10 in lib/storefront/catalog.ts,
-- "only N left", out of stock), so a sale far above the band expires nothing.
CREATE TRIGGER "storefront_variants_updated" AFTER UPDATE ON "variants"
    FOR EACH ROW WHEN (
        (OLD."name", OLD."description", OLD."price", OLD."sort_priority", OLD."deleted_at")
            IS DISTINCT FROM (NEW."name", NEW."description", NEW."price", NEW."sort_priority", NEW."deleted_at")
        OR (OLD."unsold_serials" <> NEW."unsold_serials" AND LEAST(OLD."unsold_serials", NEW."unsold_serials") <= 10)
        OR (OLD."service_stock" IS DISTINCT FROM NEW."service_stock"
            AND (OLD."service_stock" IS NULL OR NEW."service_stock" IS NULL OR LEAST(OLD."service_stock", NEW."service_stock") <= 10))
    )
    EXECUTE FUNCTION "storefront_product_part_changed"();
CREATE TRIGGER "storefront_product_images" AFTER INSERT OR UPDATE OR DELETE ON "product_images"
    FOR EACH ROW EXECUTE FUNCTION "storefront_product_image_changed"();
CREATE TRIGGER "storefront_quantity_deals" AFTER INSERT OR UPDATE OR DELETE ON "quantity_deals"
    FOR EACH ROW EXECUTE FUNCTION "storefront_product_part_changed"();
CREATE TRIGGER "storefront_bundle_offers" AFTER INSERT OR UPDATE OR DELETE ON "bundle_offers"
    FOR EACH ROW EXECUTE FUNCTION "storefront_extras_changed"();
CREATE TRIGGER "storefront_bundle_offer_items" AFTER INSERT OR UPDATE OR DELETE ON "bundle_offer_items"
    FOR EACH ROW EXECUTE FUNCTION "storefront_bundle_item_changed"();
CREATE TRIGGER "storefront_custom_fields" AFTER INSERT OR UPDATE OR DELETE ON "custom_fields"
    FOR EACH ROW EXECUTE FUNCTION "storefront_extras_changed"();
CREATE TRIGGER "storefront_custom_field_attachments" AFTER INSERT OR UPDATE OR DELETE ON "custom_field_attachments"
    FOR EACH ROW EXECUTE FUNCTION "storefront_field_attachment_changed"();
