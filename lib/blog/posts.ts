import type { Db } from "../db";
import type { BlogPost, Image, Prisma } from "../generated/prisma/client";
import { invalid, notFound } from "../api/errors";
import { offsetOf } from "../api/pagination";
import { uniqueViolation } from "../api/prisma-errors";
import { randomId } from "../crypto/tokens";
import { sanitizeSellerHtml } from "../html/seller-html";
import { shopImageIds } from "../images/images";
import { imageUrl } from "../images/url";
import { likeContains } from "../validation/like-pattern";
import { PATH_MAX, type BlogPostView, type CreateBlogPostInput, type ListBlogPostsQuery, type UpdateBlogPostInput } from "./schemas";

/**
 * A shop's blog posts. Content is seller HTML, cut down to the storefront's
 * allowlist when written (lib/html/seller-html.ts). The storefront's blog
 * pages are expired by the table's trigger (migration
 * 20261210100000_blog_posts), so nothing here invalidates a cache.
 */

type PostRow = BlogPost & { image: Pick<Image, "cdn_image_id" | "deleted_at"> | null };
const withImage = { image: { select: { cdn_image_id: true, deleted_at: true } } } as const;

const PATH_TAKEN = "The path has already been taken.";

export function serializeBlogPost(post: PostRow): BlogPostView {
  return {
    id: post.id,
    shop_id: post.shop_id,
    title: post.title,
    path: post.path,
    content: post.content,
    summary: post.summary,
    image_id: post.image_id,
    image_url: post.image && !post.image.deleted_at ? imageUrl(post.image.cdn_image_id) : null,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    status: post.status,
    published_at: post.published_at?.toISOString() ?? null,
    created_at: post.created_at.toISOString(),
    updated_at: post.updated_at.toISOString(),
  };
}

/** The slug of a title: lowercase ASCII letters and digits joined by single dashes ("post" when nothing is left). */
export function slugOf(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize("NFKD")
      // the accents NFKD splits off: "café" is "cafe", not "cafe-"
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, PATH_MAX - 5) // room for the suffix of a taken slug
      .replace(/-+$/, "") || "post"
  );
}

/** A path made from the title, with a short suffix when another post of the shop has it. */
async function derivedPath(db: Db, shopId: number, title: string, exceptId?: number): Promise<string> {
  const slug = slugOf(title);
  const taken = await db.blogPost.findFirst({ where: { shop_id: shopId, path: slug, id: exceptId ? { not: exceptId } : undefined } });
  return taken ? `${slug}-${randomId(2)}` : slug;
}

async function checkImage(db: Db, shopId: number, imageId: number | null | undefined) {
  if (imageId == null) return;
  if (!(await shopImageIds(db, shopId, [imageId])).has(imageId)) throw invalid("image_id", "The selected image id is invalid.");
}

/** A second post racing for the same path loses on the unique index: the same 422 as the check before it. */
async function pathChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error)?.covers("path")) throw invalid("path", PATH_TAKEN);
    throw error;
  }
}

async function refuseTakenPath(db: Db, shopId: number, path: string, exceptId?: number) {
  const other = await db.blogPost.findFirst({
    where: { shop_id: shopId, path, id: exceptId ? { not: exceptId } : undefined },
    select: { id: true },
  });
  if (other) throw invalid("path", PATH_TAKEN);
}

export async function listBlogPosts(db: Db, shopId: number, query: ListBlogPostsQuery) {
  const where: Prisma.BlogPostWhereInput = {
    shop_id: shopId,
    ...(query.title ? { title: { contains: likeContains(query.title), mode: "insensitive" } } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const direction = query.orderDirection;
  const orderBy: Prisma.BlogPostOrderByWithRelationInput[] =
    query.orderColumn === "id"
      ? [{ id: direction }]
      : query.orderColumn === "published_at"
        ? [{ published_at: { sort: direction, nulls: "last" } }, { id: direction }]
        : [{ [query.orderColumn]: direction }, { id: direction }];
  const [rows, total] = await Promise.all([
    db.blogPost.findMany({ where, orderBy, skip: offsetOf(query), take: query.perPage, include: withImage }),
    db.blogPost.count({ where }),
  ]);
  return { data: rows.map(serializeBlogPost), total };
}

export async function getBlogPost(db: Db, shopId: number, id: number): Promise<BlogPostView> {
  const post = await db.blogPost.findFirst({ where: { id, shop_id: shopId }, include: withImage });
  if (!post) throw notFound("Blog post");
  return serializeBlogPost(post);
}

export async function createBlogPost(db: Db, shopId: number, input: CreateBlogPostInput): Promise<BlogPostView> {
  await checkImage(db, shopId, input.image_id);
  const path = input.path ?? (await derivedPath(db, shopId, input.title));
  if (input.path) await refuseTakenPath(db, shopId, path);
  const status = input.status ?? "draft";
  const post = await pathChecked(() =>
    db.blogPost.create({
      data: {
        shop_id: shopId,
        title: input.title,
        path,
        content: sanitizeSellerHtml(input.content ?? ""),
        summary: input.summary || null,
        image_id: input.image_id ?? null,
        meta_title: input.meta_title || null,
        meta_description: input.meta_description || null,
        status,
        published_at: status === "published" ? new Date() : null,
      },
      include: withImage,
    }),
  );
  return serializeBlogPost(post);
}

/** Fields left out keep their value; `path` null or "" is made again from the (new) title. */
export async function updateBlogPost(db: Db, shopId: number, id: number, input: UpdateBlogPostInput): Promise<BlogPostView> {
  const current = await db.blogPost.findFirst({ where: { id, shop_id: shopId } });
  if (!current) throw notFound("Blog post");
  await checkImage(db, shopId, input.image_id);
  const title = input.title ?? current.title;
  let path: string | undefined;
  if (input.path) {
    await refuseTakenPath(db, shopId, input.path, id);
    path = input.path;
  } else if (input.path === null) {
    path = await derivedPath(db, shopId, title, id);
  }
  const data: Prisma.BlogPostUncheckedUpdateInput = {
    ...(input.title !== undefined ? { title } : {}),
    ...(path !== undefined ? { path } : {}),
    ...(input.content !== undefined ? { content: sanitizeSellerHtml(input.content ?? "") } : {}),
    ...(input.summary !== undefined ? { summary: input.summary || null } : {}),
    ...(input.image_id !== undefined ? { image_id: input.image_id } : {}),
    ...(input.meta_title !== undefined ? { meta_title: input.meta_title || null } : {}),
    ...(input.meta_description !== undefined ? { meta_description: input.meta_description || null } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    // the first publication dates the post; a later draft and republish keep that date
    ...(input.status === "published" && !current.published_at ? { published_at: new Date() } : {}),
  };
  if (Object.keys(data).length === 0) return getBlogPost(db, shopId, id);
  // updateMany with the shop in its filter: a post deleted meanwhile is 404, never another shop's row
  const updated = await pathChecked(() => db.blogPost.updateMany({ where: { id, shop_id: shopId }, data }));
  if (updated.count === 0) throw notFound("Blog post");
  return getBlogPost(db, shopId, id);
}

export async function deleteBlogPost(db: Db, shopId: number, id: number) {
  const deleted = await db.blogPost.deleteMany({ where: { id, shop_id: shopId } });
  if (deleted.count === 0) throw notFound("Blog post");
  return { message: "Blog post deleted." };
}
