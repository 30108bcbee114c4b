import type { Db } from "../db";
import { plainTextOf, sanitizeSellerHtml } from "../html/seller-html";
import { cdnPath } from "./catalog";
import { isTextId } from "../api/params";

/**
 * What a buyer may see of a shop's blog: published posts only (a draft is
 * 404, as if it did not exist), as plain serialisable views for the cached
 * pages. The content is sanitised again when read: a row written before the
 * sanitiser, or by plain SQL, is cut down all the same.
 */

/** The blog's page lists the newest posts, at most this many (older ones stay at their URLs and in the sitemap). */
export const BLOG_LIST_LIMIT = 100;

const PUBLISHED = "published";

export type BlogPostCard = {
  id: number;
  title: string;
  path: string;
  summary: string | null;
  imagePath: string | null;
  publishedAt: string | null;
};

export type StorefrontBlogPost = BlogPostCard & {
  contentHtml: string;
  metaTitle: string | null;
  /** the meta description, else the summary, else the start of the content */
  description: string;
  updatedAt: string;
};

const liveImage = (image: { cdn_image_id: string; deleted_at: Date | null } | null) =>
  image && !image.deleted_at ? cdnPath(image.cdn_image_id) : null;

const image = { select: { cdn_image_id: true, deleted_at: true } } as const;

/** Newest first: by first publication, then id. */
const newestFirst = [{ published_at: { sort: "desc" as const, nulls: "last" as const } }, { id: "desc" as const }];

export async function storefrontBlogPosts(db: Db, shopId: number): Promise<BlogPostCard[]> {
  const posts = await db.blogPost.findMany({
    where: { shop_id: shopId, status: PUBLISHED },
    orderBy: newestFirst,
    take: BLOG_LIST_LIMIT,
    select: { id: true, title: true, path: true, summary: true, published_at: true, image },
  });
  return posts.map((post) => ({
    id: post.id,
    title: post.title,
    path: post.path,
    summary: post.summary,
    imagePath: liveImage(post.image),
    publishedAt: post.published_at?.toISOString() ?? null,
  }));
}

export async function storefrontBlogPost(db: Db, shopId: number, path: string): Promise<StorefrontBlogPost | null> {
  if (!isTextId(path)) return null;
  const post = await db.blogPost.findFirst({ where: { shop_id: shopId, path, status: PUBLISHED }, include: { image } });
  if (!post) return null;
  const contentHtml = sanitizeSellerHtml(post.content);
  return {
    id: post.id,
    title: post.title,
    path: post.path,
    summary: post.summary,
    imagePath: liveImage(post.image),
    publishedAt: post.published_at?.toISOString() ?? null,
    contentHtml,
    metaTitle: post.meta_title,
    description: post.meta_description || post.summary || plainTextOf(contentHtml),
    updatedAt: post.updated_at.toISOString(),
  };
}

/** Whether the header links to the blog: only when there is something to read. */
export async function hasPublishedPosts(db: Db, shopId: number): Promise<boolean> {
  return (await db.blogPost.findFirst({ where: { shop_id: shopId, status: PUBLISHED }, select: { id: true } })) !== null;
}

/** Every published post's path, for the sitemap. */
export async function indexablePosts(db: Db, shopId: number) {
  return db.blogPost.findMany({
    where: { shop_id: shopId, status: PUBLISHED },
    orderBy: { id: "asc" },
    select: { path: true, updated_at: true },
  });
}

/** Asked by the page gate: is there a published post at this path of this shop? */
export async function publishedPostExists(db: Db, subdomain: string, path: string): Promise<boolean> {
  const post = await db.blogPost.findFirst({
    where: { shop: { subdomain, deleted_at: null }, path, status: PUBLISHED },
    select: { id: true },
  });
  return post !== null;
}
