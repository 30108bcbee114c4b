-- The storefront's cart offers the shop's payment methods under their display
-- names (lib/storefront/catalog.ts): a change of a method expires the shop's
-- pages like any other part of the shop (see 20261126170000_storefront_notify).
CREATE TRIGGER "storefront_payment_methods"
    AFTER INSERT OR UPDATE OR DELETE ON "payment_methods"
    FOR EACH ROW EXECUTE FUNCTION "storefront_shop_part_changed"();
