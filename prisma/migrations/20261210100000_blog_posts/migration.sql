-- A shop's blog posts (lib/blog), shown on its storefront once published.
CREATE TABLE "blog_posts" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "summary" TEXT,
    "image_id" INTEGER,
    "meta_title" TEXT,
    "meta_description" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "published_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "blog_posts_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "blog_posts_shop_id_path_key" ON "blog_posts"("shop_id", "path");
CREATE INDEX "blog_posts_shop_id_status_published_at_idx" ON "blog_posts"("shop_id", "status", "published_at");

ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every write of a post expires the shop's blog pages (the list, the posts,
-- the header's link and the sitemap) in every process, as the storefront's
-- other triggers do (migration 20261126170000_storefront_notify): a draft
-- saved is a page gone, a post published a page and a link that appear.
CREATE FUNCTION "storefront_blog_post_changed"() RETURNS TRIGGER AS $$
BEGIN
    PERFORM "storefront_notify"('blog:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD."shop_id" ELSE NEW."shop_id" END));
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "storefront_blog_posts" AFTER INSERT OR UPDATE OR DELETE ON "blog_posts"
    FOR EACH ROW EXECUTE FUNCTION "storefront_blog_post_changed"();
